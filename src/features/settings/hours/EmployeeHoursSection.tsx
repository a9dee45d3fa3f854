/**
 * Working hours per employee (spec 3 §2): an employee picker of the company's active users defaulting
 * to the signed-in user (no show-all, no unassigned), an ISO week to look at, and per day the
 * employee's own hours or the company's. A change is saved either from now on (the employee's standing
 * hours) or only for the week shown (rows with its year and weekNo, marked in the table); a day
 * switched back to the company's hours drops the employee's own (see editorState's savePlan). A save is
 * one request, and the week it answers is shown as is (spec 3 §2's reload, without a second read).
 * Another admin's change of hours (WorkingHoursChanged) is read again at once when the form is clean,
 * else the form keeps the user's input under a notice; the employee list reads again on UsersChanged.
 */
import { useCallback, useRef, useState } from 'react';
import { Field, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import { useHubNotice, useLiveReload } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import { isoWeek, isoWeekDates, isoWeeksInYear, osloDay } from '../../../domain/time/oslo';
import { confirm } from '../../../ui';
import { LiveReadView } from '../../../ui/LiveReadView';
import { WorkingHoursNotAvailable } from '../../../ui/WorkingHoursNotAvailable';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice';
import { fetchActiveEmployees, fetchCompanyHours, fetchEmployeeWeek, saveEmployeeHours } from './api';
import { HOURS_HEARD, type HoursSectionProps } from './CompanyHoursSection';
import { employeeDays, type SavePlan } from './editorState';
import { HoursForm } from './HoursForm';

interface Week {
  year: number;
  week: number;
}

function stepWeek({ year, week }: Week, by: number): Week {
  const next = week + by;
  if (next < 1) return { year: year - 1, week: isoWeeksInYear(year - 1) };
  if (next > isoWeeksInYear(year)) return { year: year + 1, week: 1 };
  return { year, week: next };
}

const USERS_HEARD = [NotificationType.UsersChanged];

/** dd.MM of a YYYY-MM-DD. */
const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

export function EmployeeHoursSection({ onDirtyChange }: HoursSectionProps) {
  const { t } = useTranslation('hours');
  const { t: tc } = useTranslation();
  const session = useSession();
  const companyId = session?.companyId ?? null;
  const [employee, setEmployee] = useState<number | null>(session?.registrationId ?? null);
  const [week, setWeek] = useState<Week>(() => isoWeek(osloDay(new Date())));
  const dirty = useRef(false);

  const employees = useLiveRead(['activeEmployees', companyId], (signal) => fetchActiveEmployees(signal));
  const company = useLiveRead(companyId ? ['companyHours', companyId] : null, (signal) => fetchCompanyHours(companyId!, signal), { silent404: true });
  const weekRead = useLiveRead(
    employee !== null && company.status === 'ready' ? ['employeeHours', employee, week.year, week.week] : null,
    (signal) => fetchEmployeeWeek(employee!, week.year, week.week, signal),
    { silent404: true },
  );
  const { mutate } = weekRead;
  useHubNotice(USERS_HEARD, () => { void employees.refetch(); });
  const live = useLiveReload(HOURS_HEARD, () => { void company.refetch(); void weekRead.refetch(); }, onDirtyChange);
  const tellLive = live.onDirtyChange;

  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
    tellLive(value);
  }, [tellLive]);

  /** Another employee or week drops unsaved edits: ask first (spec 3 §2's exit question). */
  const leave = async (go: () => void) => {
    if (dirty.current && !await confirm({
      title: tc('ExitConfirmationHeader'), message: tc('ExitConfirmationMessage'), confirmText: tc('Yes'), cancelText: tc('Cancel'),
    })) return;
    reportDirty(false);
    go();
  };

  const save = useCallback(async (plan: SavePlan) => {
    if (!companyId || employee === null || !plan.days.length) return;
    mutate(await saveEmployeeHours(companyId, employee, plan.days, { year: week.year, weekNo: week.week }));
  }, [companyId, employee, week, mutate]);

  const list = (employees.data ?? []).filter((p) => p.isActive);
  const dates = isoWeekDates(week.year, week.week);

  return (
    <Stack gap="4" data-testid="employee-hours">
      <HStack gap="4" wrap="wrap" align="flex-end">
        <Field.Root width="18rem">
          <Field.Label>{t('Employee')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={employee ?? ''}
              onChange={(e) => { const next = Number(e.currentTarget.value); void leave(() => setEmployee(next)); }}
            >
              {employee !== null && !list.some((p) => p.id === employee) && <option value={employee}>{session?.name}</option>}
              {list.map((p) => <option key={p.id} value={p.id}>{p.displayName || `${p.firstName} ${p.lastName}`}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack gap="1">
          <IconButton size="sm" variant="outline" aria-label={t('PreviousWeek')} onClick={() => { void leave(() => setWeek((w) => stepWeek(w, -1))); }}>‹</IconButton>
          <Text minW="11rem" textAlign="center" data-testid="hours-week">
            {t('WeekLabel', { week: week.week, year: week.year, from: shortDate(dates[0]), to: shortDate(dates[6]) })}
          </Text>
          <IconButton size="sm" variant="outline" aria-label={t('NextWeek')} onClick={() => { void leave(() => setWeek((w) => stepWeek(w, 1))); }}>›</IconButton>
        </HStack>
      </HStack>
      <ChangedElsewhereNotice live={live} />
      {company.status === 'missing' ? (
        <WorkingHoursNotAvailable settingsSection="companyHours" />
      ) : (
        <LiveReadView read={company} errorTitle={t('CompanyHoursLoadFailed')}>
          {(companyRows) => (
            <LiveReadView read={weekRead} errorTitle={t('EmployeeHoursLoadFailed')}>
              {(days) => (
                <HoursForm
                  key={JSON.stringify([live.generation, employee, days, companyRows])} employee saved={employeeDays(days, companyRows)}
                  dates={days.map((d) => shortDate(d.date))} week={{ year: week.year, weekNo: week.week }} onDirtyChange={reportDirty} onSave={save}
                />
              )}
            </LiveReadView>
          )}
        </LiveReadView>
      )}
    </Stack>
  );
}
