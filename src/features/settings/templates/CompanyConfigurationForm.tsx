/**
 * The company's SMS configuration (spec 3 §7 /api/CompanyConfiguration): the sender name the phone
 * shows, and the company name and phone merged into the texts. A 404 means none yet (silent, spec 3
 * §8): the form starts empty and its save creates one. Another admin's change (SettingsChanged) is
 * read again at once when the form is clean, else the form keeps the user's input under a notice.
 */
import { useEffect, useState } from 'react';
import { Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLiveReload } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import { COMPANY_NAME_MAX_LENGTH, COMPANY_PHONE_PATTERN, isValidSmsSender } from '../../../domain/settings/company';
import type { CompanyConfiguration } from '../../../domain/schemas/companySettings';
import { snackbar } from '../../../ui';
import { LiveReadView } from '../../../ui/LiveReadView';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice';
import { useCompanyConfiguration } from './api/fetchCompanyConfiguration';
import { saveCompanyConfiguration } from './api/saveCompanyConfiguration';

const HEARS = [NotificationType.SettingsChanged];
const EMPTY: CompanyConfiguration = { smsSenderName: '', companyName: '', companyTelephone: '' };

const problems = (c: CompanyConfiguration) => ({
  smsSenderName: !isValidSmsSender(c.smsSenderName),
  companyName: c.companyName.trim() === '' || c.companyName.length > COMPANY_NAME_MAX_LENGTH,
  companyTelephone: !new RegExp(COMPANY_PHONE_PATTERN).test(c.companyTelephone),
});

export function CompanyConfigurationForm({ onDirtyChange, onSaved }: { onDirtyChange: (dirty: boolean) => void; onSaved: () => void }) {
  const { t } = useTranslation('companySettings');
  const read = useCompanyConfiguration();
  const live = useLiveReload(HEARS, read.refetch, onDirtyChange);
  const form = (saved: CompanyConfiguration | null) => (
    <ConfigurationFields
      key={`${live.generation}:${JSON.stringify(saved)}`} saved={saved} onDirtyChange={live.onDirtyChange}
      onSaved={(c) => { read.mutate(c); onSaved(); }}
    />
  );
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="4">
      <Text fontWeight="semibold">{t('Configuration.Heading')}</Text>
      <ChangedElsewhereNotice live={live} />
      <LiveReadView read={read} errorTitle={t('Configuration.FetchingError')} missing={form(null)}>
        {(saved) => form(saved)}
      </LiveReadView>
    </Stack>
  );
}

function ConfigurationFields({ saved, onDirtyChange, onSaved }: {
  saved: CompanyConfiguration | null; onDirtyChange: (dirty: boolean) => void; onSaved: (c: CompanyConfiguration) => void;
}) {
  const { t } = useTranslation('companySettings');
  const { t: tc } = useTranslation();
  const initial = saved ?? EMPTY;
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const dirty = (Object.keys(values) as (keyof CompanyConfiguration)[]).some((k) => values[k] !== initial[k]);
  const invalid = problems(values);
  const valid = !Object.values(invalid).some(Boolean);

  useEffect(() => { onDirtyChange(dirty); }, [dirty, onDirtyChange]);

  const save = async () => {
    setSaving(true);
    try {
      const answer = await saveCompanyConfiguration(values, saved !== null);
      snackbar.success(t('Configuration.Saved'));
      onDirtyChange(false);
      onSaved(answer);
    } catch {
      snackbar.error(t('UpdateFailed'));
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof CompanyConfiguration, maxLength: number) => (
    <Field.Root invalid={dirty && invalid[key]}>
      <Field.Label>{t(`Configuration.${key}`)}</Field.Label>
      <Input value={values[key]} maxLength={maxLength} data-testid={`config-${key}`} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} />
      <Field.ErrorText>{t(`Configuration.${key}Invalid`)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={(e) => { e.preventDefault(); if (valid && dirty) void save(); }} noValidate>
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {/* Room past 11: a pasted longer name is shown refused, never cut silently. */}
          {field('smsSenderName', 40)}
          {field('companyName', COMPANY_NAME_MAX_LENGTH)}
          {field('companyTelephone', 20)}
        </SimpleGrid>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={() => setValues(initial)} disabled={!dirty || saving}>{tc('Cancel')}</Button>
          <Button type="submit" colorPalette="blue" disabled={!dirty || !valid} loading={saving}>{tc('Save')}</Button>
        </HStack>
      </Stack>
    </form>
  );
}
