/**
 * spec 2 §4: a card whose status changed on the server since the admin loaded the week is flagged,
 * with a red notice to reload, until they do (the week itself is read again on the hub's notice).
 * A card the server refused an action on because its status changed is flagged too (`refuse`). What
 * the admin's own action leads to (`follow`: a notice sent, a manual confirmation) is expected, not
 * flagged.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';
import { changedStatuses } from './cardMenu';

export function useFlaggedCards(items: readonly ScheduleItem[], reload: () => void) {
  const [seen, setSeen] = useState<ReadonlyMap<number, number>>(() => new Map(items.map((i) => [i.id, i.status])));
  const [refused, setRefused] = useState<ReadonlySet<number>>(new Set());
  // Cards the admin's own action moves (a notice sent, a manual confirmation): the statuses that action
  // leads to are expected, not flagged.
  const [following, setFollowing] = useState<ReadonlyMap<number, readonly number[]>>(new Map());
  const follow = (ids: readonly number[], statuses: readonly number[]) => setFollowing((before) => new Map([...before, ...ids.map((id) => [id, statuses] as const)]));
  useEffect(() => {
    // Items new to the week are taken as seen; a changed status stays flagged until the reload.
    setSeen((before) => {
      const fresh = items.filter((i) => !before.has(i.id));
      return fresh.length ? new Map([...before, ...fresh.map((i) => [i.id, i.status] as const)]) : before;
    });
  }, [items]);
  const flagged = useMemo(() => {
    const out = changedStatuses(seen, items);
    for (const i of items) if (out.has(i.id) && following.get(i.id)?.includes(i.status)) out.delete(i.id);
    for (const id of refused) out.add(id);
    return out;
  }, [seen, refused, following, items]);
  const acknowledge = () => {
    setSeen(new Map(items.map((i) => [i.id, i.status])));
    setRefused(new Set());
    setFollowing(new Map());
    reload();
  };
  const refuse = (id: number) => setRefused((before) => new Set([...before, id]));
  return { flagged, acknowledge, refuse, follow };
}
