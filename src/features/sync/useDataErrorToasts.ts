/** Shows the sync engine's reportable failures as error snackbars (spec 1 §8: reference data, 404 silent). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onDataError } from '../../data/sync';
import { snackbar } from '../../ui';

export function useDataErrorToasts(): void {
  const { t } = useTranslation('sync');
  useEffect(
    () =>
      onDataError((e) => {
        if (e.kind === 'lookup') snackbar.error(t('LookupLoadFailed', { list: e.list }), e.error.message);
        else if (e.kind === 'plumbers') snackbar.error(t('FailedLoadingPlumbers'), e.error.message);
        else snackbar.error(t('PullFailed'), e.error.message);
      }),
    [t],
  );
}
