/**
 * The frame of a section that edits company settings (/api/Setting): its heading, the live read of
 * the company's settings, and a form that starts again from what the server answered after a save.
 * Another admin's change (SettingsChanged) is read again at once when the form is clean, else the
 * form keeps the user's input under a notice (useLiveReload).
 */
import type { ComponentType } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLiveReload } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import type { CompanySetting } from '../../../domain/schemas/companySettings';
import { LiveReadView } from '../../../ui/LiveReadView';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice';
import type { SectionProps } from '../sections';
import { useCompanySettings } from './api/fetchCompanySettings';

const HEARS = [NotificationType.SettingsChanged];

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
  const live = useLiveReload(HEARS, read.refetch, onDirtyChange);
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{heading}</Heading>
      {intro && <Text color="fg.muted">{intro}</Text>}
      <ChangedElsewhereNotice live={live} />
      <LiveReadView read={read} errorTitle={t('FetchingError')}>
        {(saved) => (
          <Form
            key={`${live.generation}:${JSON.stringify(saved)}`} companyId={companyId!} saved={saved} onDirtyChange={live.onDirtyChange}
            onSaved={read.mutate} onFailed={() => { void read.refetch(); }}
          />
        )}
      </LiveReadView>
    </Stack>
  );
}
