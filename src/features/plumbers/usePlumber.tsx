/** One plumber from the API for the details and edit screens, with loading, failure and retry. */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plumber } from '../../domain/api';
import { ErrorView, LoadingState, PageLayout } from '../../ui';
import { fetchPlumber } from './api';

export type PlumberState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; plumber: Plumber };

export function usePlumber(id: number) {
  const [state, setState] = useState<PlumberState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPlumber(id, controller.signal).then(
      (plumber) => setState({ status: 'ready', plumber }),
      () => { if (!controller.signal.aborted) setState({ status: 'error' }); },
    );
    return () => controller.abort();
  }, [id, attempt]);

  return {
    state,
    /** Moves on every retry, for data loaded beside the plumber. */
    attempt,
    setPlumber: (plumber: Plumber) => setState({ status: 'ready', plumber }),
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((a) => a + 1);
    },
  };
}

/** The page while the plumber loads or after loading failed (FailedFetchingPlumberDetails, with retry). */
export function PlumberNotReady({ state, top, onRetry }: { state: PlumberState; top: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation('plumbers');
  return (
    <PageLayout top={top}>
      {state.status === 'error' ? <ErrorView title={t('FailedFetchingPlumberDetails')} onRetry={onRetry} /> : <LoadingState />}
    </PageLayout>
  );
}
