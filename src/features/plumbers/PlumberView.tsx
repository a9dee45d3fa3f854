/** A plumber's live read inside a page: loading, FailedFetchingPlumberDetails with retry, offline. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveRead } from '../../data/liveRead';
import type { Plumber } from '../../domain/api';
import { LiveReadView } from '../../ui/LiveReadView';

export function PlumberView({ read, children }: { read: LiveRead<Plumber>; children: (plumber: Plumber) => ReactNode }) {
  const { t } = useTranslation('plumbers');
  return <LiveReadView read={read} errorTitle={t('FailedFetchingPlumberDetails')}>{children}</LiveReadView>;
}
