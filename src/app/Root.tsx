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
  // The job list is the screen most often opened from the menu: load its code and keep its first
  // page ready once the shell is up, so opening it waits for no download, module evaluation or
  // replica read (DESIGN.md budgets).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    void import('../features/jobs').then((jobs) => {
      if (active) stop = jobs.keepJobListWarm();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  useHubNotifications();
  return <Shell />;
}
