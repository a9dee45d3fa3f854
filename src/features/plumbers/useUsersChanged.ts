/**
 * Calls `reload` when a user of the admin's company changed (UsersChanged: a status or a user's
 * information, saved here or by another admin), heard on the app's one hub connection. The settings
 * screens hear theirs through src/data/useLiveReload.ts; this one is the plumbers chunk's own, so the
 * two screens share no extra chunk whose name the app shell would have to carry.
 */
import { useEffect, useRef } from 'react';
import { useSession } from '../../data/session';
import { NotificationType } from '../../domain/enums';

export function useUsersChanged(reload: () => unknown): void {
  const session = useSession();
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | null = null;
    void import('../../data/hub').then(({ onHubNotification, matchesNotification }) => {
      if (stopped) return;
      stop = onHubNotification((n) => {
        if (n.NotificationType === NotificationType.UsersChanged && matchesNotification(n, orgNumber, customerId)) reloadRef.current();
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [orgNumber, customerId]);
}
