/**
 * Analytics (spec 3 §2 "Analytics / dashboard"): filters (date range, plumber, job type) and four
 * charts: jobs by status per plumber, completed jobs per ISO week, open work by type and overdue jobs
 * per plumber. Loaded on its own (React.lazy) so recharts stays out of every other chunk.
 */
import { useState } from 'react';
import { Field, HStack, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLiveRead } from '../../data/liveRead';
import { JobType } from '../../domain/enums';
import { addDays, formatIsoDay, isoWeekOf, osloDayParts } from '../../domain/reportRange';
import type { Assignments, JobAllocation } from '../../domain/schemas/analytics';
import { LiveReadView } from '../../ui/LiveReadView';
import { fetchAllocation, fetchAssignments, fetchCompanyUsers, type AnalyticsFilter } from './api';
import { ChartCard } from './ChartCard';
import { DateRangeFields, readDateRange, type DateRangeValue } from './DateRangeFields';

/** The job status colours of the JobStatus list (New, In progress, On hold, Completed, Closed). */
const STATUS_SERIES = [
  { key: 'new', color: '#1E88E5' },
  { key: 'inProgress', color: '#FB8C00' },
  { key: 'onHold', color: '#8E24AA' },
  { key: 'completed', color: '#43A047' },
  { key: 'closed', color: '#757575' },
] as const;

/** The server's default: the 12 ISO weeks up to today. */
function initialRange(): DateRangeValue {
  const today = osloDayParts(new Date());
  return { from: formatIsoDay(addDays(isoWeekOf(today).monday, -7 * 11)), to: formatIsoDay(today) };
}

export default function AnalyticsTab() {
  const { t } = useTranslation('reports');
  const [dates, setDates] = useState<DateRangeValue>(initialRange);
  const [userId, setUserId] = useState(0);
  const [jobTypeId, setJobTypeId] = useState(0);
  const checked = readDateRange(dates);
  const filter: AnalyticsFilter | null = 'range' in checked ? { range: checked.range, userId, jobTypeId } : null;
  const key = filter ? [dates.from, dates.to, userId, jobTypeId] : null;

  const people = useLiveRead(['dashboard-users'], (signal) => fetchCompanyUsers(signal));
  const allocation = useLiveRead(key && ['allocation', ...key], (signal) => fetchAllocation(filter!, signal));
  const assignments = useLiveRead(key && ['assignments', ...key], (signal) => fetchAssignments(filter!, signal));

  return (
    <Stack gap="4">
      <HStack align="flex-end" gap="3" wrap="wrap">
        <DateRangeFields value={dates} onChange={setDates} idPrefix="analytics" />
        <Field.Root width="14rem">
          <Field.Label htmlFor="analytics-plumber">{t('Plumber')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="analytics-plumber" value={userId} onChange={(e) => setUserId(Number(e.currentTarget.value))}>
              <option value={0}>{t('AllPlumbers')}</option>
              {(people.data ?? []).map((p) => <option key={p.id} value={p.id}>{`${p.firstName} ${p.lastName}`}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="14rem">
          <Field.Label htmlFor="analytics-type">{t('JobType')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="analytics-type" value={jobTypeId} onChange={(e) => setJobTypeId(Number(e.currentTarget.value))}>
              <option value={0}>{t('AllJobTypes')}</option>
              {Object.values(JobType).map((id) => <option key={id} value={id}>{t(`jobType.${id}`)}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>

      {filter && (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
          <LiveReadView read={allocation} errorTitle={t('AnalyticsLoadFailed')}>
            {(data) => <StatusPerPlumber data={data} />}
          </LiveReadView>
          <LiveReadView read={assignments} errorTitle={t('AnalyticsLoadFailed')}>
            {(data) => <AssignmentCharts data={data} />}
          </LiveReadView>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function StatusPerPlumber({ data }: { data: JobAllocation }) {
  const { t } = useTranslation('reports');
  const table = {
    columns: [t('Plumber'), ...STATUS_SERIES.map((s) => t(`status.${s.key}`)), t('Total')],
    rows: data.plumbers.map((p) => [p.name, ...STATUS_SERIES.map((s) => p[s.key]), p.total]),
  };
  return (
    <ChartCard title={t('chart.statusPerPlumber')} table={table} empty={data.plumbers.every((p) => p.total === 0)}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data.plumbers} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" interval={0} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {STATUS_SERIES.map((s) => <Bar key={s.key} dataKey={s.key} name={t(`status.${s.key}`)} stackId="status" fill={s.color} />)}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function AssignmentCharts({ data }: { data: Assignments }) {
  const { t } = useTranslation('reports');
  const weeks = data.completedPerWeek.map((w) => ({ ...w, label: t('WeekLabel', { week: w.isoWeek }) }));
  const types = data.openByType.map((x) => ({ ...x, label: t(`jobType.${x.jobTypeId}`, { defaultValue: x.name }) }));
  return (
    <Stack gap="4">
      <ChartCard
        title={t('chart.completedPerWeek')}
        table={{ columns: [t('Week'), t('Completed')], rows: weeks.map((w) => [`${w.label} (${w.isoYear})`, w.count]) }}
        empty={weeks.every((w) => w.count === 0)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={weeks} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name={t('Completed')} fill="#43A047" />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={t('chart.openByType')}
        table={{ columns: [t('JobType'), t('Open')], rows: types.map((x) => [x.label, x.count]) }}
        empty={types.every((x) => x.count === 0)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={types} layout="vertical" margin={{ top: 8, right: 8, left: 24, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={150} />
            <Tooltip />
            <Bar dataKey="count" name={t('Open')} fill="#1E88E5" />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={t('chart.overdue')}
        table={{ columns: [t('Plumber'), t('Overdue')], rows: data.overdue.map((p) => [p.name, p.count]) }}
        empty={data.overdue.every((p) => p.count === 0)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data.overdue} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" interval={0} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name={t('Overdue')} fill="#E53935" />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </Stack>
  );
}
