/**
 * Who else has this plumber's week open in the calendar (src/domain/schemas/presence.ts): the tab beats
 * on opening the week and every PRESENCE_HEARTBEAT_MS, asks again when the hub says the company's
 * viewers changed (PresenceChanged, from any server process) or the page comes back (online, restored
 * from the back-forward cache), and leaves when the week is closed or the page is hidden for good.
 * A failed beat keeps the last answer: the next one tries again.
 */
import { useEffect, useState } from 'react';
import { useSession } from '../../../data/session';
import { NotificationType } from '../../../domain/enums';
import { PRESENCE_HEARTBEAT_MS } from '../../../domain/scheduling/presence';
import type { PresenceViewer } from '../../../domain/schemas/presence';
import { beatPresence, leavePresence, leavePresenceOnUnload } from '../api/presence';
import type { IsoWeekRef } from './weeks';

export function usePresence(assigneeId: number, week: IsoWeekRef): PresenceViewer[] {
  const session = useSession();
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';
  const [viewers, setViewers] = useState<PresenceViewer[]>([]);
  const { year, weekNo } = week;

  useEffect(() => {
    // One id per tab and week: two tabs of one admin are two viewers, counted once by name.
    const viewId = crypto.randomUUID();
    const controller = new AbortController();
    let left = false;
    let latest = 0;
    const beat = () => {
      if (left) return;
      const asked = ++latest;
      beatPresence({ viewId, assigneeId, year, weekNo }, controller.signal)
        .then((answer) => { if (asked === latest && !left) setViewers(answer.viewers); })
        .catch(() => {});
    };
    const leaveNow = () => {
      left = true;
      leavePresenceOnUnload(viewId);
    };
    const back = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      left = false;
      beat();
    };
    beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    window.addEventListener('online', beat);
    window.addEventListener('pagehide', leaveNow);
    window.addEventListener('pageshow', back);
    let stopHub: (() => void) | null = null;
    void import('../../../data/hub').then(({ onHubNotification, matchesNotification }) => {
      if (controller.signal.aborted) return;
      stopHub = onHubNotification((n) => {
        if (n.NotificationType === NotificationType.PresenceChanged && matchesNotification(n, orgNumber, customerId)) beat();
      });
    });
    return () => {
      controller.abort();
      clearInterval(timer);
      window.removeEventListener('online', beat);
      window.removeEventListener('pagehide', leaveNow);
      window.removeEventListener('pageshow', back);
      stopHub?.();
      if (!left) void leavePresence(viewId).catch(() => {});
      left = true;
      setViewers([]);
    };
  }, [assigneeId, year, weekNo, orgNumber, customerId]);

  return viewers;
}
