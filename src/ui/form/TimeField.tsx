/**
 * Our 24-hour time field (HH:mm whatever the browser's language, spec 3 §9): typed as "16:00", "1600",
 * "16.00", or "16" then leaving the field; see src/domain/calendar/dateTimeText.ts for what is read. The value
 * is HH:mm or null. `step` (minutes) is for the fields the spec gives steps (spec 2 §5: quarters):
 * a typed time is rounded to it and the arrow keys move by it; without it any minute is kept and the
 * arrows move by 15 minutes.
 */
import { useTranslation } from 'react-i18next';
import { cleanTimeText, readTimeText, shiftTime, TIME_TEXT_MAX_LENGTH, type TimeBounds } from '../../domain/calendar/dateTimeText';
import { TypedTextField, type TypedTextFieldProps } from './TypedTextField';

const ARROW_MINUTES = 15;
const formatTime = (value: string | null) => value ?? '';

export type TimeFieldProps = TypedTextFieldProps & TimeBounds;

export function TimeField({ step, min, max, ...props }: TimeFieldProps) {
  const { t } = useTranslation('ui');
  const bounds: TimeBounds = { step, min, max };
  return (
    <TypedTextField
      {...props}
      clean={cleanTimeText}
      read={(text, final) => readTimeText(text, final, bounds)}
      format={formatTime}
      step={(value, direction) => shiftTime(value, direction * (step ?? ARROW_MINUTES), bounds)}
      placeholder={t('DateTimeField.TimePlaceholder')}
      hint={t('DateTimeField.TimeHint')}
      maxLength={TIME_TEXT_MAX_LENGTH}
      problemText={(problem, text) => (problem === 'range'
        ? t('DateTimeField.TimeOutOfRange', { min: min ?? '00:00', max: max ?? '23:59' })
        : t('DateTimeField.InvalidTime', { text }))}
    />
  );
}
