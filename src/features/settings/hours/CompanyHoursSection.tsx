/**
 * Company working hours (spec 3 §2 "Working-hours editor"): the company default of each weekday.
 * A company without hours (404, silent) sees the WorkinghoursNotAvailable text above seven days off
 * to fill in; saving then creates all seven.
 */
import { useCallback } from 'react';
import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import type { WorkingHoursSetting } from '../../../domain/schemas/workingHours';
import { LiveReadView } from '../../../ui/LiveReadView';
import { createHours, fetchCompanyHours, updateHours } from './api';
import { companyDays, type SavePlan } from './editorState';
import { HoursForm } from './HoursForm';

export interface HoursSectionProps {
  onDirtyChange: (dirty: boolean) => void;
}

export function CompanyHoursSection({ onDirtyChange }: HoursSectionProps) {
  const { t } = useTranslation('hours');
  const companyId = useSession()?.companyId ?? null;
  const read = useLiveRead(companyId ? ['companyHours', companyId] : null, (signal) => fetchCompanyHours(companyId!, signal), { silent404: true });
  const { refetch } = read;

  const save = useCallback(async (plan: SavePlan) => {
    if (!companyId) return;
    if (plan.create.length) await createHours({ groupId: companyId, workingHoursSettings: plan.create });
    if (plan.update.length) await updateHours({ groupId: companyId, workingHoursSettings: plan.update });
    await refetch();
  }, [companyId, refetch]);

  const form = (rows: WorkingHoursSetting[] | null) => (
    <HoursForm key={JSON.stringify(rows)} saved={companyDays(rows)} onDirtyChange={onDirtyChange} onSave={save} />
  );

  return (
    <Stack gap="4" data-testid="company-hours">
      <LiveReadView
        read={read}
        errorTitle={t('CompanyHoursLoadFailed')}
        missing={(
          <Stack gap="4">
            <Alert.Root status="info" data-testid="hours-not-available">
              <Alert.Indicator />
              <Alert.Description>{t('WorkinghoursNotAvailable')}</Alert.Description>
            </Alert.Root>
            {form(null)}
          </Stack>
        )}
      >
        {(rows) => form(rows)}
      </LiveReadView>
    </Stack>
  );
}
