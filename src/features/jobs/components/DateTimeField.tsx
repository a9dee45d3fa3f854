/**
 * Date-time field (spec 1 §5, §9): the browser's picker, past dates disabled through `min`, the
 * chosen value repeated as dd.MM.yyyy HH:mm. Controlled: a value the parent refuses stays unchanged.
 */
import { Field, HStack, IconButton, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui';
import { formatDateTime, fromDateTimeInputValue, toDateTimeInputValue } from '../../../domain/format';
import { latestJobDate, MAX_YEARS_AHEAD } from '../../../domain/jobRules';

export interface DateTimeFieldProps {
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  min?: Date;
  error?: string | null;
  testId: string;
}

export function DateTimeField({ label, value, onChange, min, error, testId }: DateTimeFieldProps) {
  const { t } = useTranslation('jobs');
  const now = new Date();
  const max = new Date(Math.min(latestJobDate(now).getTime(), new Date(now.getFullYear() + MAX_YEARS_AHEAD, 11, 31, 23, 59).getTime()));
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <HStack w="100%">
        <Input
          type="datetime-local"
          data-testid={testId}
          value={toDateTimeInputValue(value)}
          min={min ? toDateTimeInputValue(min) : undefined}
          max={toDateTimeInputValue(max)}
          onChange={(e) => onChange(fromDateTimeInputValue(e.target.value))}
        />
        {value && (
          <IconButton aria-label={t('ClearDate')} variant="ghost" size="sm" onClick={() => onChange(null)}>
            <CloseIcon />
          </IconButton>
        )}
      </HStack>
      <Field.HelperText>{value ? formatDateTime(value) : t('DateTimeFormatHint')}</Field.HelperText>
      {error && <Field.ErrorText data-testid={`${testId}-error`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
