/** One plumber from the API for the details and edit screens: a live read (src/data/liveRead.ts). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveRead, type LiveRead } from '../../data/liveRead';
import type { Plumber } from '../../domain/api';
import { LiveReadView } from '../../ui/LiveReadView';
import { fetchPlumber } from './api';

export function usePlumber(id: number): LiveRead<Plumber> {
  return useLiveRead(['plumber', id], (signal) => fetchPlumber(id, signal));
}

/** A plumber's live read inside a page: loading, FailedFetchingPlumberDetails with retry, offline. */
export function PlumberView({ read, children }: { read: LiveRead<Plumber>; children: (plumber: Plumber) => ReactNode }) {
  const { t } = useTranslation('plumbers');
  return <LiveReadView read={read} errorTitle={t('FailedFetchingPlumberDetails')}>{children}</LiveReadView>;
}
