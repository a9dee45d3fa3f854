/** Approve, reject, activate, deactivate, reapprove: confirm with Yes/Cancel, call the API, report. */
import type { TFunction } from 'i18next';
import type { Plumber } from '../../domain/api';
import { confirm, snackbar } from '../../ui';
import { updatePlumberStatus } from './api/updatePlumberStatus';
import { plumberStatusChanged } from './notifications';
import { ACTION_TARGET_STATUS, ACTION_TEXTS, plumberName, type PlumberAction } from './plumberRules';

/** Resolves true when the status was changed on the server. */
export async function runPlumberAction(t: TFunction, plumber: Plumber, action: PlumberAction): Promise<boolean> {
  const texts = ACTION_TEXTS[action];
  const confirmed = await confirm({
    title: t(`plumbers:${texts.label}`),
    message: t(`plumbers:${texts.confirm}`, { name: plumberName(plumber) }),
    confirmText: t('common:Yes'),
    cancelText: t('common:Cancel'),
  });
  if (!confirmed) return false;
  try {
    await updatePlumberStatus(plumber.id, ACTION_TARGET_STATUS[action]);
  } catch {
    snackbar.error(t('common:SomethingWentWrong'), t('common:PleaseTryAgain'));
    return false;
  }
  snackbar.success(t(`plumbers:${texts.success}`));
  plumberStatusChanged();
  return true;
}
