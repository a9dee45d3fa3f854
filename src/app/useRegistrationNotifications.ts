/**
 * Real-time 'plumber notification' events (spec 1 §7): a Registration for the admin's own company
 * and customer reaches the My plumbers badge and list at once, without a reload. The hub client
 * (SignalR) is loaded only for admins, so it stays out of the shell's first load.
 */
import { useEffect } from 'react';
import { useSession } from '../data/session';
import { NotificationType } from '../domain/enums';
import { publishRegistration } from '../features/plumbers/notifications';

export function useRegistrationNotifications(): void {
  const session = useSession();
  const isAdmin = !!session?.isAdmin;
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';

  useEffect(() => {
    if (!isAdmin) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../data/hub').then(({ startHub, matchesNotification }) => {
      if (cancelled) return;
      stop = startHub((n) => {
        if (n.NotificationType === NotificationType.Registration && matchesNotification(n, orgNumber, customerId)) {
          publishRegistration();
        }
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [isAdmin, orgNumber, customerId]);
}
