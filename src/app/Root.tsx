/**
 * The root route: the auth gate around the signed-in shell, plus what must work signed in or not
 * (dialogs, snackbar, the iOS install prompt).
 */
import { lazy, Suspense, useEffect } from 'react';
import { AuthGate } from '../features/auth';
import { startSync } from '../data/sync';
import { LazyDialogHost, SnackbarHost } from '../ui';
import { isIosDevice } from './iosInstall';
import { Shell } from './Shell';
import { useHubNotifications } from './useHubNotifications';

// Only an iPhone or iPad loads the install hint's code (the app shell's budget).
const ON_IOS = isIosDevice(navigator);
const IosInstallPrompt = lazy(() => import('./IosInstallPrompt').then((m) => ({ default: m.IosInstallPrompt })));

export function Root() {
  return (
    <>
      <AuthGate>
        <SignedInApp />
      </AuthGate>
      <LazyDialogHost />
      <SnackbarHost />
      {ON_IOS && <Suspense fallback={null}><IosInstallPrompt /></Suspense>}
    </>
  );
}

function SignedInApp() {
  useEffect(() => startSync(), []);
  useHubNotifications();
  return <Shell />;
}
