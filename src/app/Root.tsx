/**
 * The root route: the auth gate around the signed-in shell, plus what must work signed in or not
 * (dialogs, snackbar, the iOS install prompt).
 */
import { useEffect } from 'react';
import { AuthGate } from '../features/auth';
import { startSync } from '../data/sync';
import { DialogHost, SnackbarHost } from '../ui';
import { IosInstallPrompt } from './IosInstallPrompt';
import { Shell } from './Shell';
import { useHubNotifications } from './useHubNotifications';

export function Root() {
  return (
    <>
      <AuthGate>
        <SignedInApp />
      </AuthGate>
      <DialogHost />
      <SnackbarHost />
      <IosInstallPrompt />
    </>
  );
}

function SignedInApp() {
  useEffect(() => startSync(), []);
  useHubNotifications();
  return <Shell />;
}
