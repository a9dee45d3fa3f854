/**
 * What a live read shows while it is not simply ready (src/data/liveRead.ts): loading, an error with
 * retry, "needs a connection" when offline (with the last loaded data below it, if any), and "nothing
 * configured" for a silent 404. Offline, the last data is shown with its controls disabled; the
 * content is not remounted when the connection goes or comes back, so a form keeps its edits.
 * Screens put their content in `children`. Imported from this module,
 * not from ui/index.ts, so it stays out of the shell.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LiveRead } from '../data/liveRead';
import { EmptyView, ErrorView, LoadingState } from './layout';

export interface LiveReadViewProps<T> {
  read: Pick<LiveRead<T>, 'status' | 'data' | 'refetch'>;
  /** The screen's own "could not load" text (spec 3 §8 names one per screen). */
  errorTitle: string;
  /** Shown for status 'missing' (a silent 404); nothing when not given. */
  missing?: ReactNode;
  children: (data: T) => ReactNode;
}

export function LiveReadView<T>({ read, errorTitle, missing, children }: LiveReadViewProps<T>) {
  const { t } = useTranslation();
  const retry = () => { void read.refetch(); };
  if (read.status === 'missing') return <>{missing ?? null}</>;
  if (read.data === undefined) {
    if (read.status === 'offline') {
      return (
        <Box>
          <Alert.Root status="warning" mb="4" data-testid="live-read-offline">
            <Alert.Indicator />
            <Alert.Title>{t('LiveRead.Offline')}</Alert.Title>
          </Alert.Root>
          <EmptyView title={t('LiveRead.NeedsConnection')} />
        </Box>
      );
    }
    return read.status === 'error' ? <ErrorView title={errorTitle} onRetry={retry} /> : <LoadingState />;
  }
  const offline = read.status === 'offline';
  // One tree for ready, offline and error alike, so the content (a form with unsaved edits) stays
  // mounted through a network blip: offline only disables its controls, which need the server.
  return (
    <Box>
      {offline && (
        <Alert.Root status="warning" mb="4" data-testid="live-read-offline">
          <Alert.Indicator />
          <Alert.Title>{t('LiveRead.OfflineStale')}</Alert.Title>
        </Alert.Root>
      )}
      {read.status === 'error' && (
        <Alert.Root status="error" mb="4" role="alert">
          <Alert.Indicator />
          <Alert.Title flex="1">{errorTitle}</Alert.Title>
          <Button size="sm" variant="outline" onClick={retry}>{t('TryAgain')}</Button>
        </Alert.Root>
      )}
      <fieldset disabled={offline} data-testid={offline ? 'live-read-stale' : undefined} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children(read.data)}
      </fieldset>
    </Box>
  );
}
