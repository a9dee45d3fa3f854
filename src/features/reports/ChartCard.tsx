/**
 * A chart with the same numbers as a table (accessibility): the table is always in the page for
 * screen readers, and shown on screen when the user asks for it; the drawing itself is hidden from
 * assistive technology, so its charts are drawn without recharts' keyboard layer (a focusable svg
 * inside aria-hidden would be a stop that announces nothing).
 */
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, Heading, HStack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ChartTableData {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * `basis` says what the chart counts and by which date the range bounds it, under the title (and as
 * the table's description); `height` is the drawing's, in px.
 */
export function ChartCard({ title, basis, table, empty, height = 280, children }: {
  title: string; basis: string; table: ChartTableData; empty: boolean; height?: number; children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const basisId = useId();
  const tableView = (
    <Table.Root size="sm" aria-labelledby={headingId} aria-describedby={basisId}>
      <Table.Header>
        <Table.Row>{table.columns.map((c, i) => <Table.ColumnHeader key={c} textAlign={i === 0 ? 'start' : 'end'}>{c}</Table.ColumnHeader>)}</Table.Row>
      </Table.Header>
      <Table.Body>
        {table.rows.map((row) => (
          <Table.Row key={String(row[0])}>
            {row.map((v, i) => (i === 0
              ? <Table.Cell key={i} as="th" scope="row" fontWeight="medium">{v}</Table.Cell>
              : <Table.Cell key={i} textAlign="end">{v}</Table.Cell>))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <HStack justify="space-between" align="flex-start">
          <Box>
            <Heading as="h2" size="md" id={headingId}>{title}</Heading>
            <Text fontSize="sm" color="fg.muted" id={basisId} data-testid="chart-basis">{basis}</Text>
          </Box>
          {!empty && (
            <Button size="xs" variant="ghost" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
              {showTable ? t('ShowChart') : t('ShowTable')}
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {empty ? <Text color="fg.muted">{t('NoData')}</Text> : showTable ? tableView : (
          <>
            <Box height={`${height}px`} aria-hidden="true">{children}</Box>
            <VisuallyHidden>{tableView}</VisuallyHidden>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
