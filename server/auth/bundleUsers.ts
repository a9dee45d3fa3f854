/**
 * The commands of a bundle (routes/bundle.ts) run as the bundle's own signed-in user. The bundle was
 * authenticated, admitted and counted like any request, and its commands were counted with it in one
 * statement; so each command carries a token naming the bundle's user instead of having its token
 * verified, its account loaded and its request counted again, one statement each. The token is
 * random, lives only in this process's memory while its bundle runs, and never leaves the server: a
 * request from outside that names one is checked as any other (an unknown token is ignored).
 */
import { randomBytes } from 'node:crypto';
import type { UserContext } from './context';

export const BUNDLE_ITEM_HEADER = 'x-meterwork-bundle-item';

const running = new Map<string, UserContext>();

/** Runs `run` with a token that passes its requests as `user` until it settles. */
export async function asBundleUser<T>(user: UserContext, run: (token: string) => Promise<T>): Promise<T> {
  const token = randomBytes(32).toString('base64url');
  running.set(token, user);
  try {
    return await run(token);
  } finally {
    running.delete(token);
  }
}

/** The user a running bundle's token names, if the header is one. */
export function bundleUser(header: string | string[] | undefined): UserContext | undefined {
  return typeof header === 'string' ? running.get(header) : undefined;
}
