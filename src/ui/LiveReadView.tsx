/**
 * What a live read shows while it is not simply ready (src/data/liveRead.ts): loading, an error with
 * retry, "needs a connection" when offline (with the last loaded data below it, if any), and "nothing
 * configured" for a silent 404. Offline, the last data is shown with its controls disabled.
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
  if (read.status === 'offline') {
    return (
      <Box>
        <Alert.Root status="warning" mb="4" data-testid="live-read-offline">
          <Alert.Indicator />
          <Alert.Title>{read.data === undefined ? t('LiveRead.Offline') : t('LiveRead.OfflineStale')}</Alert.Title>
        </Alert.Root>
        {read.data === undefined ? <EmptyView title={t('LiveRead.NeedsConnection')} /> : (
          // What was last loaded is for reading: its forms and actions need the server, so they wait.
          <fieldset disabled data-testid="live-read-stale" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            {children(read.data)}
          </fieldset>
        )}
      </Box>
    );
  }
  if (read.status === 'error') {
    if (read.data === undefined) return <ErrorView title={errorTitle} onRetry={retry} />;
    return (
      <Box>
        <Alert.Root status="error" mb="4" role="alert">
          <Alert.Indicator />
          <Alert.Title flex="1">{errorTitle}</Alert.Title>
          <Button size="sm" variant="outline" onClick={retry}>{t('TryAgain')}</Button>
        </Alert.Root>
        {children(read.data)}
      </Box>
    );
  }
  if (read.data === undefined) return <LoadingState />;
  return <>{children(read.data)}</>;
}
