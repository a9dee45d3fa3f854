/**
 * Changes the server refused: each with the server's reason, Retry and Discard. A 409 (the job
 * changed on the server meanwhile) shows my version beside the server's, with "keep the server's"
 * and "use mine". Nothing leaves the outbox without the user choosing it.
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, Grid, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dependentEntries, heldEntries, type OutboxEntry } from '../../data/commands';
import { db } from '../../data/db';
import { discardCommand, retryCommand, useOutbox } from '../../data/outbox';
import type { Job, Plumber } from '../../domain/api';
import { confirm, snackbar } from '../../ui';
import { changePath, commandLabelKey, conflictRows, fieldLabelKey, jobLabel, refusalKey, refusedFieldLabel } from './describe';
import { ApiError } from '../../data/transport';

// Loads when the plumber first opens what they recorded (with the task forms' field names).
const RecordedChange = lazy(async () => ({ default: (await import('./RecordedChange')).RecordedChange }));

const NO_PLUMBERS: Plumber[] = [];

export function FailedCommandsPanel({ onOpenChange }: { onOpenChange?: () => void }) {
  const { t } = useTranslation(['sync', 'syncDetails']);
  const entries = useOutbox();
  const failed = entries.filter((e) => e.status === 'failed');
  const jobIds = failed.map((e) => e.jobId).filter((id): id is string => !!id);
  const jobs = useLiveQuery(async () => (await db.jobs.bulkGet(jobIds)).filter((j): j is Job => !!j), [jobIds.join(',')]);
  const plumbers = useLiveQuery(() => db.plumbers.toArray(), [], NO_PLUMBERS);

  if (failed.length === 0) return <Text color="fg.muted">{t('NoFailed')}</Text>;
  return (
    <Stack gap="3" data-testid="failed-commands">
      {failed.map((entry) => (
        <FailedCommand
          key={entry.seq}
          entry={entry}
          job={jobs?.find((j) => j.jobId === entry.jobId)}
          held={heldEntries(entry, entries)}
          dependents={dependentEntries(entry, entries).length}
          plumbers={plumbers}
          onOpenChange={onOpenChange}
        />
      ))}
    </Stack>
  );
}

interface FailedCommandProps {
  entry: OutboxEntry;
  job: Job | undefined;
  /** The queued changes replay holds behind this one (its jobs', and those using what it creates). */
  held: OutboxEntry[];
  /** How many of them build on what it creates: a discard drops them with it. */
  dependents: number;
  plumbers: Plumber[];
  onOpenChange?: () => void;
}

function FailedCommand({ entry, job, held, dependents, plumbers, onOpenChange }: FailedCommandProps) {
  const { t } = useTranslation(['sync', 'syncDetails']);
  const navigate = useNavigate();
  // Only a job on the device opens its screens; what a change recorded is shown here, from the change itself.
  const path = job ? changePath(entry, job) : null;
  const [busy, setBusy] = useState(false);
  const [showRecorded, setShowRecorded] = useState(false);
  const error = entry.error;
  const conflict = error?.status === 409;
  const rows = conflict ? conflictRows(entry, plumbers) : [];
  const field = refusedFieldLabel(entry);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      const body = e instanceof ApiError && typeof e.body === 'object' && e.body !== null ? (e.body as { errorKey?: string }) : {};
      snackbar.error(t('ActionFailed'), e instanceof ApiError ? t(refusalKey({ status: e.status, message: e.message, errorKey: body.errorKey })) : undefined);
    } finally {
      setBusy(false);
    }
  };

  const discard = async (ask: boolean) => {
    if (ask) {
      const message = [t('DiscardConfirm'), dependents ? t('DiscardDependents', { count: dependents }) : ''].filter(Boolean).join('\n');
      if (!(await confirm({ title: t('DiscardConfirmTitle'), message, confirmText: t('Discard'), cancelText: t('Cancel') }))) return;
    }
    await run(() => discardCommand(entry.seq!));
  };

  return (
    <Box borderWidth="1px" borderColor="red.muted" borderRadius="md" p="3" data-testid="failed-command">
      <Text fontWeight="semibold">{t(commandLabelKey(entry))}</Text>
      <Text fontSize="sm" color="fg.muted" data-testid="failed-job">{jobLabel(entry, job) || t('UnknownJob')}</Text>
      {error && (
        <Text fontSize="sm" mt="1" color="red.fg" data-testid="failed-reason">
          {t('Reason', { reason: t(refusalKey(error)), status: error.status })}
        </Text>
      )}
      {field && <Text fontSize="sm" color="red.fg" data-testid="failed-field">{t('RefusedField', { field })}</Text>}
      {held.length > 0 && (
        <Box mt="1" fontSize="sm" data-testid="failed-waiting">
          <Text>{t('Dependents', { count: held.length })}</Text>
          <List.Root ps="4">
            {held.map((w) => <List.Item key={w.seq}>{t(commandLabelKey(w))} · {jobLabel(w, w.jobId === entry.jobId ? job : undefined)}</List.Item>)}
          </List.Root>
        </Box>
      )}
      {!job && entry.kept && <Text fontSize="sm" mt="1" color="fg.muted">{t('KeptCopy')}</Text>}
      {conflict && (
        <Box mt="2">
          <Text fontSize="sm">{t('Conflict')}</Text>
          {rows.length > 0 && (
            <Grid templateColumns="auto 1fr 1fr" columnGap="3" rowGap="1" mt="2" fontSize="sm" data-testid="conflict-rows">
              <span />
              <Text fontWeight="semibold">{t('Mine')}</Text>
              <Text fontWeight="semibold">{t('Server')}</Text>
              {rows.map((r) => (
                <Row key={r.fieldKey} label={t(fieldLabelKey(r.fieldKey))} mine={r.mine} server={r.server} />
              ))}
            </Grid>
          )}
        </Box>
      )}
      {showRecorded && (
        <Suspense fallback={<Spinner size="sm" mt="2" />}>
          <RecordedChange entry={entry} />
        </Suspense>
      )}
      <HStack mt="3" gap="2" justify="flex-end" wrap="wrap">
        <Button size="sm" variant="ghost" data-testid="failed-recorded-toggle" aria-expanded={showRecorded} onClick={() => setShowRecorded((v) => !v)}>
          {t(showRecorded ? 'HideKept' : 'OpenKept')}
        </Button>
        {path && (
          <Button size="sm" variant="ghost" data-testid="failed-open" onClick={() => { onOpenChange?.(); navigate(path); }}>
            {t('OpenJob')}
          </Button>
        )}
        {conflict ? (
          <>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void discard(false)}>{t('KeepServer')}</Button>
            <Button size="sm" colorPalette="blue" disabled={busy} onClick={() => void run(() => retryCommand(entry.seq!))}>{t('ReapplyMine')}</Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void discard(true)}>{t('Discard')}</Button>
            <Button size="sm" colorPalette="blue" disabled={busy} onClick={() => void run(() => retryCommand(entry.seq!))}>{t('Retry')}</Button>
          </>
        )}
      </HStack>
    </Box>
  );
}

function Row({ label, mine, server }: { label: string; mine: string; server: string }) {
  return (
    <>
      <Text color="fg.muted">{label}</Text>
      <Text whiteSpace="pre-wrap">{mine || '–'}</Text>
      <Text whiteSpace="pre-wrap">{server || '–'}</Text>
    </>
  );
}
