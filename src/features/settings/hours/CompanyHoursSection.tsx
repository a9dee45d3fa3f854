/**
 * Company working hours (spec 3 §2 "Working-hours editor"): the company default of each weekday.
 * A company without hours (404, silent) sees the WorkinghoursNotAvailable text above seven days off
 * to fill in; saving then creates all seven. A save is one request; what it answers is shown as is
 * (spec 3 §2's reload, without a second read). Another admin's change (WorkingHoursChanged) is read
 * again at once when the form is clean, else the form keeps the user's input under a notice.
 */
import { useCallback } from 'react';
import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import { useLiveReload } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import type { WorkingHoursSetting } from '../../../domain/schemas/workingHours';
import { LiveReadView } from '../../../ui/LiveReadView';
import { WorkingHoursNotAvailable } from '../../../ui/WorkingHoursNotAvailable';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice';
import { fetchCompanyHours, saveCompanyHours } from './api';
import { companyDays, type SavePlan } from './editorState';
import { HoursForm } from './HoursForm';

/** What the working-hours sections read again on: hours or holidays changed (WorkingHoursChanged). */
export const HOURS_HEARD = [NotificationType.WorkingHoursChanged];

export interface HoursSectionProps {
  onDirtyChange: (dirty: boolean) => void;
}

export function CompanyHoursSection({ onDirtyChange }: HoursSectionProps) {
  const { t } = useTranslation('hours');
  const companyId = useSession()?.companyId ?? null;
  const read = useLiveRead(companyId ? ['companyHours', companyId] : null, (signal) => fetchCompanyHours(companyId!, signal), { silent404: true });
  const { data, mutate } = read;
  const live = useLiveReload(HOURS_HEARD, read.refetch, onDirtyChange);

  const save = useCallback(async (plan: SavePlan) => {
    if (!companyId || !plan.days.length) return;
    const saved = await saveCompanyHours(companyId, plan);
    // POST answers all seven days; PUT the days it changed, the others stay as read.
    mutate(plan.method === 'POST' ? saved : (data ?? []).map((r) => saved.find((s) => s.id === r.id) ?? r));
  }, [companyId, data, mutate]);

  const form = (rows: WorkingHoursSetting[] | null) => (
    <HoursForm key={`${live.generation}:${JSON.stringify(rows)}`} saved={companyDays(rows)} onDirtyChange={live.onDirtyChange} onSave={save} />
  );

  return (
    <Stack gap="4" data-testid="company-hours">
      <ChangedElsewhereNotice live={live} />
      <LiveReadView
        read={read}
        errorTitle={t('CompanyHoursLoadFailed')}
        missing={(
          <Stack gap="4">
            <WorkingHoursNotAvailable />
            {form(null)}
          </Stack>
        )}
      >
        {(rows) => form(rows)}
      </LiveReadView>
    </Stack>
  );
}
