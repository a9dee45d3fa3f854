/**
 * Real-time 'plumber notification' events (spec 1 §7). A Registration for the admin's own company
 * and customer reaches the My plumbers badge and list at once, without a reload; JobsChanged (jobs
 * of the company changed on the server) makes the device pull now, SchedulesChanged (a week was
 * planned or changed) refreshes the user's planned items. The hub client (SignalR) is
 * loaded after the first screen, so it stays out of the shell's first load.
 */
import { useEffect } from 'react';
import { useSession } from '../data/session';
import { requestPull, requestScheduleRefresh } from '../data/sync';
import { NotificationType } from '../domain/enums';
import { publishRegistration } from '../features/plumbers/notifications';

export function useHubNotifications(): void {
  const session = useSession();
  const signedIn = !!session;
  const isAdmin = !!session?.isAdmin;
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';

  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../data/hub').then(({ startHub, matchesNotification }) => {
      if (cancelled) return;
      stop = startHub((n) => {
        if (!matchesNotification(n, orgNumber, customerId)) return;
        if (n.NotificationType === NotificationType.JobsChanged) requestPull();
        else if (n.NotificationType === NotificationType.SchedulesChanged || n.NotificationType === NotificationType.ScheduleBatch) requestScheduleRefresh();
        else if (n.NotificationType === NotificationType.Registration && isAdmin) publishRegistration();
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn, isAdmin, orgNumber, customerId]);
}
