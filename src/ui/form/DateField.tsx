/**
 * Our date field (dd.MM.yyyy whatever the browser's language, spec 3 §9): typed as "24.11.2026",
 * "1.2.2027" or "24112026"; see src/domain/calendar/dateTimeText.ts for what is read. The value is YYYY-MM-DD
 * or null; `min`/`max` (YYYY-MM-DD) bound it. ArrowUp/ArrowDown move a day.
 */
import { useTranslation } from 'react-i18next';
import {
  cleanDateText, DATE_TEXT_MAX_LENGTH, formatDateText, readDateText, shiftDate, type DateBounds,
} from '../../domain/calendar/dateTimeText';
import { TypedTextField, type TypedTextFieldProps } from './TypedTextField';

export type DateFieldProps = TypedTextFieldProps & DateBounds;

export function DateField({ min, max, ...props }: DateFieldProps) {
  const { t } = useTranslation('ui');
  const bounds: DateBounds = { min, max };
  const rangeText = () => {
    if (min && max) return t('DateTimeField.DateOutOfRange', { min: formatDateText(min), max: formatDateText(max) });
    if (min) return t('DateTimeField.DateBeforeMin', { min: formatDateText(min) });
    return t('DateTimeField.DateAfterMax', { max: formatDateText(max) });
  };
  return (
    <TypedTextField
      {...props}
      clean={cleanDateText}
      read={(text, final) => readDateText(text, final, bounds)}
      format={formatDateText}
      step={(value, direction) => (value ? shiftDate(value, direction, bounds) : null)}
      placeholder={t('DateTimeField.DatePlaceholder')}
      hint={t('DateTimeField.DateHint')}
      maxLength={DATE_TEXT_MAX_LENGTH}
      problemText={(problem, text) => (problem === 'range' ? rangeText() : t('DateTimeField.InvalidDate', { text }))}
    />
  );
}
