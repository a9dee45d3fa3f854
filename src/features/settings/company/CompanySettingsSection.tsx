/**
 * The frame of a section that edits company settings (/api/Setting): its heading, the live read of
 * the company's settings, and a form that starts again from what the server answered after a save.
 */
import type { ComponentType } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CompanySetting } from '../../../domain/schemas/companySettings';
import { LiveReadView } from '../../../ui/LiveReadView';
import type { SectionProps } from '../sections';
import { useCompanySettings } from './api/fetchCompanySettings';

export interface SettingsFormProps extends SectionProps {
  companyId: string;
  saved: CompanySetting[];
  onSaved: (settings: CompanySetting[]) => void;
  onFailed: () => void;
}

export function CompanySettingsSection({ onDirtyChange, heading, intro, Form }: SectionProps & {
  heading: string; intro?: string; Form: ComponentType<SettingsFormProps>;
}) {
  const { t } = useTranslation('companySettings');
  const { companyId, read } = useCompanySettings();
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{heading}</Heading>
      {intro && <Text color="fg.muted">{intro}</Text>}
      <LiveReadView read={read} errorTitle={t('FetchingError')}>
        {(saved) => (
          <Form
            key={JSON.stringify(saved)} companyId={companyId!} saved={saved} onDirtyChange={onDirtyChange}
            onSaved={read.mutate} onFailed={() => { void read.refetch(); }}
          />
        )}
      </LiveReadView>
    </Stack>
  );
}
