/**
 * The completed-jobs status report (spec 3 §2 "Completed-jobs report page", §5, §8): a date range
 * (default the previous calendar month), a paged table with server-side search, and the .xlsx export.
 */
import { useMemo, useState } from 'react';
import { Box, Button, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/transport';
import { formatDateTime } from '../../domain/format';
import {
  defaultReportRange, REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES, REPORT_SEARCH_DEBOUNCE_MS, REPORT_SEARCH_MAX_LENGTH,
  reportFileName, type ReportPageSize,
} from '../../domain/reports/range';
import { formatIsoDay } from '../../domain/time/oslo';
import { REPORT_TEXTS, reportLanguage } from '../../domain/reports/texts';
import type { ReportRow } from '../../domain/schemas/reports';
import { REPORT_NO_JOBS_MESSAGE } from '../../domain/serverErrors';
import { EmptyView, snackbar } from '../../ui';
import { LiveReadView } from '../../ui/LiveReadView';
import { useReportPage } from './api/fetchReportPage';
import { fetchReportSpreadsheet } from './api/fetchReportSpreadsheet';
import { rangeKey } from './api/query';
import { DateRangeFields, readDateRange, type DateRangeValue } from './DateRangeFields';
import { useDebounced } from '../../ui/useDebounced';

const COLUMNS: (keyof ReportRow)[] = [
  'jobRef', 'jobStatus', 'jobCompleted', 'jobType', 'assigneeName', 'taskStatus', 'taskCompleted', 'matrikkelnumber', 'address', 'note',
  'oldMeter', 'newMeter', 'isSchueduled',
];

function initialRange(): DateRangeValue {
  const r = defaultReportRange(new Date());
  return { from: formatIsoDay(r.from), to: formatIsoDay(r.to) };
}

/** Saves a blob under a name, the way a browser download does. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ReportTab() {
  const { t, i18n } = useTranslation('reports');
  const [dates, setDates] = useState<DateRangeValue>(initialRange);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), REPORT_SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<ReportPageSize>(REPORT_DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  // Headings and the server's status and type names in the user's language (the .xlsx's too).
  const lang = reportLanguage(i18n.language);

  const checked = readDateRange(dates);
  const range = 'range' in checked ? checked.range : null;
  // A new range, search or page size starts at the first page.
  const filterKey = `${range ? rangeKey(range) : null}|${search}|${pageSize}`;
  const [pageFor, setPageFor] = useState(filterKey);
  if (pageFor !== filterKey) {
    setPageFor(filterKey);
    setPage(1);
  }
  const currentPage = pageFor === filterKey ? page : 1;

  const read = useReportPage(range, search, currentPage, pageSize, lang);
  const total = read.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const exportReport = async () => {
    if (!range) return;
    if (read.status === 'ready' && total === 0) {
      snackbar.warning(t('NoJobsInList'));
      return;
    }
    setExporting(true);
    try {
      const blob = await fetchReportSpreadsheet(range, search, lang);
      saveFile(blob, reportFileName(new Date()));
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.message === REPORT_NO_JOBS_MESSAGE) snackbar.warning(t('NoJobsInList'));
      else snackbar.error(t('ExportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const cell = useMemo(() => (row: ReportRow, key: keyof ReportRow): string => {
    const v = row[key];
    if (key === 'jobCompleted' || key === 'taskCompleted') return formatDateTime(v as string | null);
    if (key === 'isSchueduled') return v ? t('Yes') : t('No');
    return v == null ? '' : String(v);
  }, [t]);

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
        <DateRangeFields value={dates} onChange={setDates} idPrefix="report" />
        <HStack gap="3" align="flex-end" wrap="wrap">
          <Input
            size="sm" width="16rem" type="search" aria-label={t('Search')} placeholder={t('SearchPlaceholder')}
            maxLength={REPORT_SEARCH_MAX_LENGTH} value={searchText} onChange={(e) => setSearchText(e.currentTarget.value)}
          />
          <Button size="sm" colorPalette="blue" onClick={() => { void exportReport(); }} loading={exporting} disabled={!range} data-testid="report-export">
            {t('Export')}
          </Button>
        </HStack>
      </HStack>

      {range && (
        <LiveReadView read={read} errorTitle={t('LoadFailed')} missing={<EmptyView title={t('NoData')} />}>
          {(data) => (data.rows.length === 0 ? <EmptyView title={t('NoData')} /> : (
            // Wider than the page: the scroll region takes focus, so the keyboard reaches every column.
            <Box overflowX="auto" tabIndex={0} role="region" aria-label={t('TableRegion')} data-testid="report-table-region">
              <Table.Root size="sm" striped data-testid="report-table">
                <Table.Caption captionSide="top" textAlign="start">{t('RowsInAll', { count: data.total })}</Table.Caption>
                <Table.Header>
                  <Table.Row>{COLUMNS.map((c) => <Table.ColumnHeader key={c} whiteSpace="nowrap">{REPORT_TEXTS[lang].column[c]}</Table.ColumnHeader>)}</Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.rows.map((row, i) => (
                    <Table.Row key={`${row.jobRef}-${i}`}>
                      {COLUMNS.map((c) => <Table.Cell key={c} whiteSpace={c === 'note' || c === 'address' ? 'normal' : 'nowrap'}>{cell(row, c)}</Table.Cell>)}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          ))}
        </LiveReadView>
      )}

      {range && (
        <HStack justify="flex-end" gap="3" wrap="wrap">
          <NativeSelect.Root size="sm" width="6rem">
            <NativeSelect.Field aria-label={t('RowsPerPage')} value={pageSize} onChange={(e) => setPageSize(Number(e.currentTarget.value) as ReportPageSize)}>
              {REPORT_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Text fontSize="sm" aria-live="polite">{t('PageOf', { page: currentPage, pages })}</Text>
          <Button size="sm" variant="outline" disabled={currentPage <= 1} onClick={() => setPage(currentPage - 1)}>{t('Previous')}</Button>
          <Button size="sm" variant="outline" disabled={currentPage >= pages} onClick={() => setPage(currentPage + 1)}>{t('Next')}</Button>
        </HStack>
      )}
    </Stack>
  );
}
