/**
 * The shared dialog's code loads with the first dialog asked for, so it stays out of the app shell
 * (DESIGN.md budget); its chunk is precached by the service worker, so a dialog opens offline too.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentDialog, subscribeDialogs } from './dialogStore';

const DialogHost = lazy(() => import('./DialogHost').then((m) => ({ default: m.DialogHost })));

export function LazyDialogHost() {
  const dialog = useSyncExternalStore(subscribeDialogs, currentDialog, currentDialog);
  return dialog ? <Suspense fallback={null}><DialogHost /></Suspense> : null;
}
