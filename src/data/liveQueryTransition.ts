/**
 * useLiveQuery, with each new answer rendered as a transition: React renders it in slices that give
 * the main thread back every few ms, instead of in one task (an answer from IndexedDB is otherwise
 * rendered at once, whole). For what changes after the plumber's own action and is not the action's
 * answer: a new photo's thumbnail and the form that lists it, the task page's "waiting to sync"
 * marker. On a screen's first photo each of these rendered the whole task form in one task of
 * 45-90 ms (the thumbnail's styles made for the first time). The value lags the database by that
 * render, as useLiveQuery's lags it by the read; what is shown and what a form lists are one value.
 */
import { liveQuery } from 'dexie';
import { startTransition, useEffect, useState } from 'react';

/** The answer of `read` for these deps, or `initial` until there is one (another deps' answer is not shown). */
export function useLiveQueryInTransition<T>(read: () => Promise<T>, deps: readonly unknown[], initial: T): T {
  const [state, setState] = useState<{ deps: readonly unknown[]; value: T } | { deps: readonly unknown[]; error: unknown } | null>(null);
  useEffect(() => {
    const sub = liveQuery(read).subscribe({
      next: (value) => startTransition(() => setState((prev) => (prev && 'value' in prev && prev.deps === deps && prev.value === value ? prev : { deps, value }))),
      error: (error: unknown) => setState({ deps, error }),
    });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps stand for `read`, as with useLiveQuery
  }, deps);
  if (!state || !sameDeps(state.deps, deps)) return initial;
  if ('error' in state) throw state.error;
  return state.value;
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
