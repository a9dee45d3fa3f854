/**
 * The job list is where a plumber starts the day and the screen most often opened from the menu:
 * while someone is signed in, its code and texts are loaded and its first page is kept live, so
 * opening it waits for no download, module evaluation or replica read (DESIGN.md budgets). It
 * follows the session rather than the shell's first render, so a visit that opens on the list
 * (offline too) reads the replica while the shell renders.
 */
import { getSession, subscribeSession } from '../data/identity';
import { JOBS_CHUNK } from './screens';

let answered: Promise<void> = Promise.resolve();

/**
 * Settles once the code, the texts and the kept first page of the job list for the signed-in user
 * are in (or failed): a visit opening on the list renders its cards then in its first render
 * (main.tsx), instead of a loading state that React keeps up at least 300 ms once shown.
 */
export function jobListAnswered(): Promise<void> {
  return answered;
}

export function keepJobListReady(): void {
  let viewer: string | null = null;
  let release: (() => void) | undefined;
  const follow = () => {
    const session = getSession();
    // A refreshed session of the same user keeps the same answer.
    const next = session ? JSON.stringify([session.isAdmin, session.registrationId]) : null;
    if (next === viewer) return;
    viewer = next;
    release?.();
    release = undefined;
    if (!next) return;
    answered = JOBS_CHUNK.load().then((jobs) => {
      if (viewer !== next) return;
      release = jobs.keepJobListWarm();
      return jobs.keptJobListAnswer();
    }, () => undefined);
  };
  // For the app's lifetime: signing out releases the answer, signing in again takes a new one.
  subscribeSession(follow);
  follow();
}
