/** From/to date fields (dd.MM.yyyy, our own) with the report's range check (spec 3 §5), shared by both tabs. */
import { HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/form';
import { checkReportRange, parseReportDate, REPORT_RANGE_ERRORS, type ReportRange } from '../../domain/reports/range';

/** YYYY-MM-DD each; '' while a field holds no date. */
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
      <DateField
        width="11rem" label={t('FromDate')} testId={`${idPrefix}-from`}
        value={value.from || null} onChange={(from) => onChange({ ...value, from: from ?? '' })}
      />
      <DateField
        width="11rem" label={t('ToDate')} testId={`${idPrefix}-to`} error={error}
        value={value.to || null} onChange={(to) => onChange({ ...value, to: to ?? '' })}
      />
    </HStack>
  );
}
