/**
 * Analytics (spec 3 §2 "Analytics / dashboard"): filters (date range, plumber, job type) and four
 * charts: jobs by status per plumber, completed jobs per ISO week, open work by type and overdue jobs
 * per plumber. Each chart keeps to the range by the date it names under its title. Loaded on its own
 * (React.lazy) so recharts stays out of every other chunk.
 */
import { useState } from 'react';
import { Field, HStack, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { JobStatus, JobType } from '../../domain/enums';
import { addDays, formatIsoDay, isoWeekOf, osloDayParts } from '../../domain/time/oslo';
import { REPORT_TEXTS, reportLanguage } from '../../domain/reports/texts';
import type { Assignments, JobAllocation, PlumberAllocation } from '../../domain/schemas/analytics';
import { LiveReadView } from '../../ui/LiveReadView';
import { useAllocation } from './api/fetchAllocation';
import { useAssignments } from './api/fetchAssignments';
import { useCompanyUsers } from './api/fetchCompanyUsers';
import type { AnalyticsFilter } from './api/query';
import { ChartCard } from './ChartCard';
import { DateRangeFields, readDateRange, type DateRangeValue } from './DateRangeFields';
import { plumberFilterOptions } from './plumberFilter';

type StatusKey = keyof Omit<PlumberAllocation, 'userId' | 'name' | 'total'>;

/** The job statuses in the spec's workflow order (JobStatus 1-5), with their colours: bars, legend and tooltip keep it. */
const STATUS_SERIES: readonly { key: StatusKey; id: number; color: string }[] = [
  { key: 'new', id: JobStatus.New, color: '#1E88E5' },
  { key: 'inProgress', id: JobStatus.InProgress, color: '#FB8C00' },
  { key: 'onHold', id: JobStatus.OnHold, color: '#8E24AA' },
  { key: 'completed', id: JobStatus.Completed, color: '#43A047' },
  { key: 'closed', id: JobStatus.Closed, color: '#757575' },
];
/** recharts sorts legend items alphabetically unless told otherwise. */
const workflowOrder = (item: { dataKey?: unknown }) => STATUS_SERIES.findIndex((s) => s.key === item.dataKey);

/**
 * Charts with a bar per person are drawn lying down, one row per person, so a crew of any size and
 * any name length never overlaps on an axis: the chart grows with the crew, and a name wider than
 * the axis is cut with an ellipsis (its full text in the tooltip, the table and the tick's title).
 */
const NAME_AXIS_WIDTH = 170;
const NAME_GAP = 6;
const NAME_FONT_PX = 12;
const ROW_HEIGHT = 32;
const byPersonHeight = (rows: number) => Math.max(200, 60 + rows * ROW_HEIGHT);

let measure: CanvasRenderingContext2D | null | undefined;
/** The page's font, which the names are both measured and drawn in. */
const nameFont = () => getComputedStyle(document.body).fontFamily;
/** `name`, cut with an ellipsis until it is at most `maxPx` wide in the axis font (measured, not counted: W is wider than i). */
function fitName(name: string, maxPx: number): string {
  if (measure === undefined) {
    measure = document.createElement('canvas').getContext('2d');
    if (measure) measure.font = `${NAME_FONT_PX}px ${nameFont()}`;
  }
  const ctx = measure;
  if (!ctx || ctx.measureText(name).width <= maxPx) return name;
  let end = name.length;
  while (end > 1 && ctx.measureText(`${name.slice(0, end).trimEnd()}…`).width > maxPx) end--;
  return `${name.slice(0, end).trimEnd()}…`;
}

function NameTick({ x = 0, y = 0, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  const name = String(payload?.value ?? '');
  // A few pixels to spare: canvas and SVG may round a glyph's advance differently.
  const shown = fitName(name, NAME_AXIS_WIDTH - 2 * NAME_GAP - 4);
  return (
    <text x={Number(x)} y={Number(y)} dx={-NAME_GAP} dy={4} textAnchor="end" fill="#4A5568" data-testid="name-tick"
      // A style, not attributes: the page's CSS would win over presentation attributes, and the width was measured in this font.
      style={{ fontSize: NAME_FONT_PX, fontFamily: nameFont() }}
    >
      <title>{name}</title>
      {shown}
    </text>
  );
}

/** The server's default: the 12 ISO weeks up to today. */
function initialRange(): DateRangeValue {
  const today = osloDayParts(new Date());
  return { from: formatIsoDay(addDays(isoWeekOf(today).monday, -7 * 11)), to: formatIsoDay(today) };
}

export default function AnalyticsTab() {
  const { t, i18n } = useTranslation('reports');
  const names = REPORT_TEXTS[reportLanguage(i18n.language)];
  const [dates, setDates] = useState<DateRangeValue>(initialRange);
  const [userId, setUserId] = useState(0);
  const [jobTypeId, setJobTypeId] = useState(0);
  const checked = readDateRange(dates);
  const filter: AnalyticsFilter | null = 'range' in checked ? { range: checked.range, userId, jobTypeId } : null;

  const people = useCompanyUsers();
  const allocation = useAllocation(filter);
  const assignments = useAssignments(filter);

  return (
    <Stack gap="4">
      <HStack align="flex-end" gap="3" wrap="wrap">
        <DateRangeFields value={dates} onChange={setDates} idPrefix="analytics" />
        <Field.Root width="14rem">
          <Field.Label htmlFor="analytics-plumber">{t('Plumber')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="analytics-plumber" value={userId} onChange={(e) => setUserId(Number(e.currentTarget.value))}>
              <option value={0}>{t('AllPlumbers')}</option>
              {plumberFilterOptions(people.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>{p.deactivated ? t('DeactivatedPlumber', { name: p.name }) : p.name}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="14rem">
          <Field.Label htmlFor="analytics-type">{t('JobType')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="analytics-type" value={jobTypeId} onChange={(e) => setJobTypeId(Number(e.currentTarget.value))}>
              <option value={0}>{t('AllJobTypes')}</option>
              {Object.values(JobType).map((id) => <option key={id} value={id}>{names.jobType[id]}</option>)}
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
  const { t, i18n } = useTranslation('reports');
  const statusName = REPORT_TEXTS[reportLanguage(i18n.language)].jobStatus;
  const table = {
    columns: [t('Plumber'), ...STATUS_SERIES.map((s) => statusName[s.id as keyof typeof statusName]), t('Total')],
    rows: data.plumbers.map((p) => [p.name, ...STATUS_SERIES.map((s) => p[s.key]), p.total]),
  };
  return (
    <ChartCard
      title={t('chart.statusPerPlumber')} basis={t('chartBasis.statusPerPlumber')} table={table}
      empty={data.plumbers.every((p) => p.total === 0)} height={byPersonHeight(data.plumbers.length) + 40}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data.plumbers} layout="vertical" margin={{ top: 8, right: 16, left: 0, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={NAME_AXIS_WIDTH} interval={0} tick={<NameTick />} />
          <Tooltip itemSorter={workflowOrder} />
          <Legend itemSorter={workflowOrder} />
          {STATUS_SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={statusName[s.id as keyof typeof statusName]} stackId="status" fill={s.color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function AssignmentCharts({ data }: { data: Assignments }) {
  const { t, i18n } = useTranslation('reports');
  const typeName = REPORT_TEXTS[reportLanguage(i18n.language)].jobType as Record<number, string>;
  const weeks = data.completedPerWeek.map((w) => ({ ...w, label: t('WeekLabel', { week: w.isoWeek }) }));
  const types = data.openByType.map((x) => ({ ...x, label: typeName[x.jobTypeId] ?? x.name }));
  return (
    <Stack gap="4">
      <ChartCard
        title={t('chart.completedPerWeek')} basis={t('chartBasis.completedPerWeek')}
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
        title={t('chart.openByType')} basis={t('chartBasis.openByType')}
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
        title={t('chart.overdue')} basis={t('chartBasis.overdue')}
        table={{ columns: [t('Plumber'), t('Overdue')], rows: data.overdue.map((p) => [p.name, p.count]) }}
        empty={data.overdue.every((p) => p.count === 0)} height={byPersonHeight(data.overdue.length)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data.overdue} layout="vertical" margin={{ top: 8, right: 16, left: 0, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="name" width={NAME_AXIS_WIDTH} interval={0} tick={<NameTick />} />
            <Tooltip />
            <Bar dataKey="count" name={t('Overdue')} fill="#E53935" />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </Stack>
  );
}
