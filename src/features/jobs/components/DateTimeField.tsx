/**
 * Date-time field in the spec's format whatever the device's locale (spec 1 §9: dd.MM.yyyy HH:mm):
 * our date field (dd.MM.yyyy, days before `min` refused) and our 24-hour time field in 15-minute
 * steps (a typed time is rounded to the quarter). Controlled: a value the parent refuses leaves the
 * field as it was (spec 1 §5), and the text shown goes back to the accepted value. A new day keeps
 * the value's time of day to the second (a camera's 14:49:51) unless the time is changed too; with
 * `noFuture`, no instant after now is taken (a photo's capture date).
 */
import { useEffect, useState } from 'react';
import { HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui/screenIcons';
import { DateField, TimeField } from '../../../ui/form';
import { formatTime } from '../../../domain/format';
import { localDay } from '../../../domain/calendar/dateTimeText';

/** Minutes between the times offered (the spec's time pickers step in quarters). */
const TIME_STEP_MINUTES = 15;
const DEFAULT_TIME = '08:00';

export interface DateTimeFieldProps {
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  min?: Date;
  error?: string | null;
  testId: string;
  /** Refuse an instant after now (with its reason), e.g. when a photo was taken. */
  noFuture?: boolean;
}

/**
 * The instant of a day at a time (HH:mm). While the time is still the previous value's own, its
 * seconds are kept: the field shows HH:mm, and changing only the day must not round a camera's time.
 */
export function instantAt(day: string, time: string, previous: Date | null): Date {
  const keep = previous !== null && formatTime(previous) === time;
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)),
    keep ? previous.getSeconds() : 0, keep ? previous.getMilliseconds() : 0);
}

export function DateTimeField({ label, value, onChange, min, error, testId, noFuture = false }: DateTimeFieldProps) {
  const { t } = useTranslation('jobs');
  const [time, setTime] = useState(value ? formatTime(value) : DEFAULT_TIME);
  const [future, setFuture] = useState(false);

  useEffect(() => {
    if (value) setTime(formatTime(value));
  }, [value]);

  /** Hands an instant to the parent, unless it lies after now where the future is refused. */
  const offer = (next: Date | null) => {
    const refused = noFuture && next !== null && next.getTime() > Date.now();
    setFuture(refused);
    if (!refused) onChange(next);
    return !refused;
  };

  return (
    <Stack gap="1.5" w="100%" role="group" aria-labelledby={`${testId}-label`}>
      <Text id={`${testId}-label`} textStyle="sm" fontWeight="medium">{label}</Text>
      <HStack w="100%" align="flex-start">
        <DateField
          ariaLabel={label} testId={testId} error={error ?? (future ? t('TaskForm.Errors.DateInFuture') : null)} min={min ? localDay(min) : undefined}
          max={noFuture ? localDay(new Date()) : undefined}
          value={value ? localDay(value) : null}
          onChange={(day) => offer(day ? instantAt(day, time, value) : null)}
        />
        <TimeField
          width="7.5rem" ariaLabel={`${label}: ${t('Time')}`} testId={`${testId}-time`} step={TIME_STEP_MINUTES}
          value={time}
          onChange={(next) => {
            if (!next) return;
            if (!value) setTime(next);
            else if (offer(instantAt(localDay(value), next, value))) setTime(next);
          }}
        />
        {value && (
          <IconButton aria-label={t('ClearDate')} variant="ghost" onClick={() => onChange(null)}>
            <CloseIcon />
          </IconButton>
        )}
      </HStack>
    </Stack>
  );
}
