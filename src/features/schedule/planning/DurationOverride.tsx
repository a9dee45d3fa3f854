/** The duration-override dropdown (spec 2 §2.1, §9): 15 … 90 minutes for the items chosen here, or the job types' own (reset). */
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DURATION_OVERRIDE_CHOICES } from '../../../domain/scheduling/enums';

export function DurationOverride({ value, onChange, testId = 'planning-duration', resetLabel, width = '12rem' }: {
  value: number | null;
  onChange: (minutes: number | null) => void;
  testId?: string;
  /** The empty choice's text (the job types' own minutes); 'Reset' by default. */
  resetLabel?: string;
  width?: string;
}) {
  const { t } = useTranslation('planning');
  return (
    <NativeSelect.Root size="sm" width={width}>
      <NativeSelect.Field
        aria-label={t('Duration.Label')} data-testid={testId} value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      >
        <option value="">{resetLabel ?? t('Duration.Reset')}</option>
        {DURATION_OVERRIDE_CHOICES.map((m) => <option key={m} value={m}>{t('Duration.Minutes', { count: m })}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
