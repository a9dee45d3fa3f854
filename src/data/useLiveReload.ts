/**
 * Open screens hear every change, so two admins never work on what one of them has already changed:
 * the hub tells the company's users what kind of thing changed (SettingsChanged, WorkingHoursChanged,
 * UsersChanged, …, src/domain/enums.ts), heard on the app's one hub connection (src/data/hub.ts,
 * loaded on demand so it stays out of the screens' chunks).
 *
 * - useHubNotice: a screen that only shows (a list) reads again on each notice of its kinds.
 * - useLiveReload: a screen with an edit form never loses the user's input to another admin's change.
 *   A notice while the form is clean reads again (the form starts from the new data, silently); a
 *   notice while it holds unsaved changes keeps them and says so (`changedElsewhere`): saving
 *   overwrites, `discard` drops the edits and reads again. Changes it missed are read as soon as the
 *   form is clean again (saved or cancelled).
 *
 * The saver's own write is told to it too, after the commit and about when its answer arrives: writes
 * made through ownWrite mark the notices heard while they run, and OWN_WRITE_GRACE_MS after, as the
 * user's own, and those are not heard at all. A save shows what the server answered without a second
 * read (spec 3 §2), and never says "another admin changed this". (Another admin's change told within
 * that moment is heard with their next change, or when the screen is opened again.)
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from './session';

export const OWN_WRITE_GRACE_MS = 1_000;

let ownWritesRunning = 0;
let lastOwnWriteEnded = Number.NEGATIVE_INFINITY;

/** A write of this user (a save): the change notices it causes are not "another admin's". */
export async function ownWrite<T>(write: Promise<T>): Promise<T> {
  ownWritesRunning += 1;
  try {
    return await write;
  } finally {
    ownWritesRunning -= 1;
    lastOwnWriteEnded = Date.now();
  }
}

/** Is a notice heard now likely this user's own write? */
export const hearsOwnWrite = (now = Date.now()): boolean => ownWritesRunning > 0 || now - lastOwnWriteEnded < OWN_WRITE_GRACE_MS;

/** Calls `listener` on each hub notice of one of `kinds` for the signed-in user's company. */
export function useHubNotice(kinds: readonly string[], listener: () => void): void {
  const session = useSession();
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  const kindsKey = kinds.join(',');

  useEffect(() => {
    const heard = kindsKey.split(',');
    let stopped = false;
    let stop: (() => void) | null = null;
    void import('./hub').then(({ onHubNotification, matchesNotification }) => {
      if (stopped) return;
      stop = onHubNotification((n) => {
        if (heard.includes(n.NotificationType) && matchesNotification(n, orgNumber, customerId)) listenerRef.current();
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [kindsKey, orgNumber, customerId]);
}

export interface LiveReload {
  /** Give this to the form instead of the page's: it tracks whether the form is dirty and passes it on. */
  onDirtyChange: (dirty: boolean) => void;
  /** Another user changed the data while the form held unsaved changes: show the notice. */
  changedElsewhere: boolean;
  /** The notice's reload: drops the user's edits (a new `generation`) and reads again. */
  discard: () => void;
  /** Part of the form's key: moves on `discard`, so the form starts again from what is read. */
  generation: number;
}

/**
 * `reload` reads the screen's data again; `onDirtyChange` is the page's (told what the form reports).
 * The form must take the data it is given when it is clean (e.g. keyed by it).
 */
export function useLiveReload(kinds: readonly string[], reload: () => unknown, onDirtyChange?: (dirty: boolean) => void): LiveReload {
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [generation, setGeneration] = useState(0);
  const dirty = useRef(false);
  /** A notice was heard while the form was dirty: read when it is clean again. */
  const missed = useRef(false);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const tellPage = useRef(onDirtyChange);
  tellPage.current = onDirtyChange;

  useHubNotice(kinds, () => {
    if (hearsOwnWrite()) return;
    if (!dirty.current) {
      reloadRef.current();
      return;
    }
    missed.current = true;
    setChangedElsewhere(true);
  });

  const readMissed = useCallback(() => {
    missed.current = false;
    setChangedElsewhere(false);
    reloadRef.current();
  }, []);

  const onFormDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
    tellPage.current?.(value);
    if (!value && missed.current) readMissed();
  }, [readMissed]);

  const discard = useCallback(() => {
    dirty.current = false;
    setGeneration((g) => g + 1);
    readMissed();
  }, [readMissed]);

  return { onDirtyChange: onFormDirtyChange, changedElsewhere, discard, generation };
}
