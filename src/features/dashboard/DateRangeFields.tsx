/** From/to date inputs with the report's range check (spec 3 §5), shared by both tabs. */
import { Field, HStack, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { checkReportRange, parseReportDate, REPORT_RANGE_ERRORS, type ReportRange } from '../../domain/reportRange';

export interface DateRangeValue {
  from: string;
  to: string;
}

/** The range the inputs hold, or the i18n key of what is wrong with it. */
export function readDateRange(v: DateRangeValue): { range: ReportRange } | { error: string } {
  const from = parseReportDate(v.from);
  const to = parseReportDate(v.to);
  if (!from || !to) return { error: REPORT_RANGE_ERRORS.invalidDate };
  const problem = checkReportRange({ from, to });
  return problem ? { error: REPORT_RANGE_ERRORS[problem] } : { range: { from, to } };
}

export function DateRangeFields({ value, onChange, idPrefix }: { value: DateRangeValue; onChange: (v: DateRangeValue) => void; idPrefix: string }) {
  const { t } = useTranslation('reports');
  const checked = readDateRange(value);
  const error = 'error' in checked ? t(checked.error) : null;
  return (
    <HStack align="flex-start" gap="3" wrap="wrap">
      <Field.Root width="11rem">
        <Field.Label htmlFor={`${idPrefix}-from`}>{t('FromDate')}</Field.Label>
        <Input id={`${idPrefix}-from`} type="date" size="sm" value={value.from} onChange={(e) => onChange({ ...value, from: e.currentTarget.value })} />
      </Field.Root>
      <Field.Root width="11rem" invalid={!!error}>
        <Field.Label htmlFor={`${idPrefix}-to`}>{t('ToDate')}</Field.Label>
        <Input id={`${idPrefix}-to`} type="date" size="sm" value={value.to} onChange={(e) => onChange({ ...value, to: e.currentTarget.value })} />
        {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
      </Field.Root>
    </HStack>
  );
}
