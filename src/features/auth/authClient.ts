/**
 * Sign-in with MSAL against the configured identity provider (the embedded one at /oidc, or Entra ID
 * in production; DESIGN.md "Identity"). Owns the auth state the gate renders from, hands the session
 * and a token provider to the data layer, and keeps a copy of the session on the device so the app
 * opens signed in with no network.
 *
 * MSAL (msalClient.ts) is loaded on demand to keep it out of the app shell (DESIGN.md budgets): a
 * returning user gets the app at once from the stored session while the sign-in is confirmed behind
 * it; a visitor gets the landing page and MSAL loads when the browser idles or they sign in. A page
 * load that carries the provider's redirect answer (or MSAL's cache lists an account but the device
 * has no session) resolves the sign-in with MSAL before showing anything, as before.
 */
import i18next from 'i18next';
import type { AccountInfo, AuthenticationResult, PublicClientApplication } from '@azure/msal-browser';
import type { ClientConfig, User } from '../../domain/api';
import { db, META } from '../../data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../data/session';
import { claimReplica } from '../../data/sync';
import { apiFetch } from '../../data/transport';
import { isStoredSession, sessionFromClaims } from './claims';
import { loadLandingPage } from './landing';
import { carriesAuthResponse, loadClientConfig, msalMayHaveAccount, whenIdle } from './pageFacts';
import type { MsalStart } from './msalClient';

/** GET /api/config: what MSAL needs, from the server. */
export type { ClientConfig };

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut'; registrationUrl: string | null; error: 'unreachable' | 'signInFailed' | null }
  | { status: 'signedIn'; session: Session; offline: boolean; returnTo: string | null };

/** What is on screen while MSAL confirms the sign-in. */
type Shown = 'nothing' | 'storedSession' | 'landing';

type MsalModule = typeof import('./msalClient');

let state: AuthState = { status: 'loading' };
const listeners = new Set<() => void>();
let lib: MsalModule | null = null;
let msal: PublicClientApplication | null = null;
let msalStart: Promise<MsalStart> | null = null;
let config: ClientConfig | null = null;
let started: Promise<void> | null = null;
/** The sign-in check running behind the stored session or the landing page; tokens wait for it. */
let checking: Promise<void> = Promise.resolve();
let redirecting = false;
let deviceChecked!: () => void;
/**
 * Settles once the device's own copy of the session has been read and, with one, put in force (no
 * network): what a returning user's first screen waits for (main.tsx), so that it renders the
 * signed-in app at once instead of a loading state first. A sign-in that needs the provider or the
 * server (a redirect answer, no copy on the device) settles it before asking them.
 */
export const deviceSessionChecked = new Promise<void>((resolve) => {
  deviceChecked = resolve;
});

function setState(next: AuthState) {
  state = next;
  for (const l of listeners) l();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function consumeReturnTo(): void {
  if (state.status === 'signedIn' && state.returnTo) setState({ ...state, returnTo: null });
}

const origin = () => window.location.origin;
/** Silent renewal loads this blank page in a hidden frame instead of the whole app. */
const silentRedirectUri = () => `${origin()}/redirect.html`;

/** Loads, creates and initialises MSAL once per page load; a failed start may be retried. */
function loadMsal(c: ClientConfig): Promise<MsalStart> {
  if (!msalStart) {
    const starting = import('./msalClient').then(async (m) => {
      lib = m;
      const start = await m.startMsal(c, origin());
      msal = start.app;
      return start;
    });
    msalStart = starting;
    starting.catch(() => {
      if (msalStart === starting) msalStart = null;
    });
  }
  return msalStart;
}

async function readStoredSession(): Promise<Session | null> {
  try {
    const value = (await db.meta.get(META.session))?.value;
    return isStoredSession(value) ? value : null;
  } catch {
    return null;
  }
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Starts the provider's sign-in page. prompt 'login' asks for credentials even with a live provider session. */
export async function signIn(opts: { prompt?: 'login' } = {}): Promise<void> {
  if (!config) {
    const loaded = await loadClientConfig();
    if (!loaded.config) {
      setState({ status: 'signedOut', registrationUrl: null, error: 'unreachable' });
      return;
    }
    config = loaded.config;
  }
  const { app } = await loadMsal(config);
  if (redirecting) return;
  redirecting = true;
  try {
    await app.loginRedirect({
      scopes: config.scopes,
      prompt: opts.prompt,
      state: currentPath(),
      extraQueryParameters: { ui_locales: i18next.resolvedLanguage ?? i18next.language ?? 'nb' },
    });
  } catch (err) {
    redirecting = false;
    throw err;
  }
}

/**
 * The last token handed out, until MSAL would renew it (its tokenRenewalOffsetSeconds, 300 s before
 * expiry): MSAL's silent call reads and writes its browser storage each time, about a millisecond
 * per request, which an end-of-day sync of hundreds of commands paid for every one of them.
 */
let lastToken: { account: string; token: string; renewAt: number } | null = null;
const RENEW_BEFORE_EXPIRY_MS = 300_000;

function keepToken(account: string, result: AuthenticationResult): void {
  const expires = result.expiresOn?.getTime();
  lastToken = expires ? { account, token: result.accessToken, renewAt: expires - RENEW_BEFORE_EXPIRY_MS } : null;
}

/**
 * The tab's last token, kept in its sessionStorage for its next page load (a reload, a bookmark opened
 * in it): the first reads then start with it while MSAL confirms the sign-in behind them, instead of
 * waiting for MSAL's code, its start and its cache (0.3–0.5 s of every full load of the planning page,
 * issue 24 §5). Only for the user whose session the device holds, and only until MSAL would renew it;
 * gone when the tab closes, at logout, and when the check ends the sign-in. A token here is worth what
 * MSAL's own cache is, which any script of the page can read as well.
 */
const TAB_TOKEN = 'meterwork.token';
interface TabToken { userId: string; account: string; token: string; renewAt: number }
/** The tab's token the first reads take until MSAL's check has settled (then lastToken serves). */
let earlyToken: TabToken | null = null;

function storeTabToken(userId: string): void {
  try {
    if (lastToken) sessionStorage.setItem(TAB_TOKEN, JSON.stringify({ userId, ...lastToken } satisfies TabToken));
    else sessionStorage.removeItem(TAB_TOKEN);
  } catch {
    // No storage (a private mode's quota): the next load waits for MSAL, as before.
  }
}

function forgetTabToken(): void {
  earlyToken = null;
  try {
    sessionStorage.removeItem(TAB_TOKEN);
  } catch {
    // Nothing kept.
  }
}

function readTabToken(userId: string): TabToken | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TAB_TOKEN) ?? 'null') as Partial<TabToken> | null;
    if (!kept || kept.userId !== userId || typeof kept.token !== 'string' || typeof kept.account !== 'string' || typeof kept.renewAt !== 'number') return null;
    return Date.now() < kept.renewAt ? (kept as TabToken) : null;
  } catch {
    return null;
  }
}

/** The token provider the data layer calls: silent only; a dead sign-in sends the user to log in (spec 1 §8). */
async function accessToken(): Promise<string | null> {
  if (earlyToken && Date.now() < earlyToken.renewAt) return earlyToken.token;
  await checking;
  const account = msal?.getActiveAccount();
  if (!msal || !lib || !config || !account) {
    lastToken = null;
    return null;
  }
  if (lastToken && lastToken.account === account.homeAccountId && Date.now() < lastToken.renewAt) return lastToken.token;
  try {
    const result = await msal.acquireTokenSilent({ scopes: config.scopes, account, redirectUri: silentRedirectUri() });
    keepToken(account.homeAccountId, result);
    if (state.status === 'signedIn') storeTabToken(state.session.userId);
    return result.accessToken;
  } catch (err) {
    if (lib.isInteractionRequired(err) && navigator.onLine) void signIn().catch(() => undefined);
    return null;
  }
}

/** `fromDevice`: the session is the device's copy, just read (nothing to write back). */
async function establish(session: Session, offline: boolean, returnTo: string | null, fromDevice = false) {
  setAccessTokenProvider(accessToken);
  // The replica belongs to one user: another user's sign-in starts from an empty one.
  await claimReplica(session.userId);
  if (!fromDevice) await db.meta.put({ key: META.session, value: session });
  if (!offline) storeTabToken(session.userId);
  setSession(session);
  setState({ status: 'signedIn', session, offline, returnTo });
  if (!offline) void completeFromServer(session);
}

/** Fields the token does not carry (hidePlumberOptions) come from GET /api/me. */
async function completeFromServer(session: Session) {
  try {
    const me = await apiFetch<User>('/api/me');
    if (state.status !== 'signedIn' || state.session.userId !== session.userId) return;
    const completed: Session = { ...state.session, hidePlumberOptions: me.hidePlumberOptions, gdprConsent: me.gdprConsent };
    await db.meta.put({ key: META.session, value: completed });
    setSession(completed);
    setState({ ...state, session: completed });
  } catch {
    // The token's claims are enough to work with.
  }
}

/** Until /api/me answers, the same user keeps what the device last knew of the fields the token lacks. */
function withStoredCompletions(session: Session, stored: Session | null): Session {
  if (!stored || stored.userId !== session.userId || stored.hidePlumberOptions === undefined) return session;
  return { ...session, hidePlumberOptions: stored.hidePlumberOptions };
}

function pickAccount(app: PublicClientApplication, result: AuthenticationResult | null): AccountInfo | null {
  return result?.account ?? app.getActiveAccount() ?? app.getAllAccounts()[0] ?? null;
}

/**
 * Settles who is signed in with MSAL. `shown` is what the page already shows: with the stored
 * session or the landing page on screen, an outcome that matches it changes nothing.
 */
async function resolveSignIn(stored: Session | null, shown: Shown, known?: Awaited<ReturnType<typeof loadClientConfig>>): Promise<void> {
  const { config: loaded, reachable } = known ?? (await loadClientConfig());
  const offlineStart = async () => {
    if (shown !== 'nothing') return;
    if (stored) await establish(stored, true, null, true);
    else setState({ status: 'signedOut', registrationUrl: null, error: 'unreachable' });
  };
  const signedOut = (error: 'signInFailed' | null) => {
    forgetTabToken();
    if (state.status === 'signedIn') {
      setAccessTokenProvider(null);
      setSession(null);
    }
    setState({ status: 'signedOut', registrationUrl: config?.registrationUrl ?? null, error });
  };
  if (!loaded) return offlineStart();
  config = loaded;

  let start: MsalStart;
  try {
    start = await loadMsal(loaded);
  } catch (err) {
    console.error('Sign-in could not start', err);
    if (!reachable) return offlineStart();
    return signedOut('signInFailed');
  }
  const { app, result, redirectFailed } = start;

  const account = pickAccount(app, result);
  if (!account) {
    if (!reachable) return offlineStart();
    if (shown !== 'landing') signedOut(redirectFailed ? 'signInFailed' : null);
    return;
  }
  app.setActiveAccount(account);
  const returnTo = typeof result?.state === 'string' && result.state.startsWith('/') ? result.state : null;

  try {
    const token = await app.acquireTokenSilent({ scopes: loaded.scopes, account, redirectUri: silentRedirectUri() });
    // The screens' first reads (waiting for this check) take this token instead of asking MSAL again.
    keepToken(account.homeAccountId, token);
    const session = sessionFromClaims(token.idTokenClaims as Record<string, unknown>) ?? sessionFromClaims(account.idTokenClaims);
    if (!session) {
      console.error('Sign-in token lacks the user claims');
      return signedOut('signInFailed');
    }
    await establish(withStoredCompletions(session, stored), false, returnTo);
  } catch (err) {
    if (lib?.isInteractionRequired(err) && reachable) {
      // Spec 1 §8: a failed silent acquisition goes to the login page, unless we just came from it.
      if (result) return signedOut('signInFailed');
      await signIn();
      return;
    }
    // No network: the app opens with what the device knows about this user.
    const session = sessionFromClaims(account.idTokenClaims) ?? stored;
    if (session && (!stored || stored.userId === session.userId)) {
      // Already on screen from the device's copy, which may hold more than the token's claims.
      if (shown === 'storedSession' && stored) return;
      await establish(session, true, returnTo);
    } else await offlineStart();
  }
}

async function run(): Promise<void> {
  const stored = await readStoredSession();
  // A sign-in to confirm (a session on the device, or the provider's answer) needs MSAL's code: it loads
  // while the server's client config is read, not after it. A visitor's landing page loads it when idle.
  if (stored || carriesAuthResponse() || msalMayHaveAccount()) void import('./msalClient').catch(() => undefined);
  if (carriesAuthResponse() || (!stored && msalMayHaveAccount())) {
    deviceChecked();
    if (!stored) void loadLandingPage().catch(() => undefined);
    return resolveSignIn(stored, 'nothing');
  }

  if (stored) {
    // Opens at once from the device's copy (as offline); MSAL confirms or ends the sign-in behind it.
    // `checking` is set before the app renders, so its first token requests wait for MSAL's answer,
    // unless this tab kept a live token of this user from its last page load.
    earlyToken = readTabToken(stored.userId);
    const shown = establish(stored, true, null, true);
    checking = shown
      .then(() => resolveSignIn(stored, 'storedSession'))
      .catch((err) => console.error('Sign-in check failed', err))
      .finally(() => {
        earlyToken = null;
      });
    await shown;
    deviceChecked();
    return;
  }

  deviceChecked();
  void loadLandingPage().catch(() => undefined);
  const known = await loadClientConfig();
  config = known.config;
  if (known.config && known.reachable) setState({ status: 'signedOut', registrationUrl: known.config.registrationUrl, error: null });
  else setState({ status: 'signedOut', registrationUrl: null, error: 'unreachable' });
  if (!known.config) return;
  // Warms MSAL up for the sign-in button, and signs in silently if MSAL still knows an account.
  checking = whenIdle()
    .then(() => resolveSignIn(null, 'landing', known))
    .catch((err) => console.error('Sign-in check failed', err));
}

/**
 * Resolves the sign-in state once per page load (React StrictMode runs effects twice). main.tsx
 * starts it before the first render, so the device's copy is read while the shell starts.
 */
export function startAuth(): Promise<void> {
  started ??= run().catch((err) => {
    console.error('Sign-in failed', err);
    setState({ status: 'signedOut', registrationUrl: config?.registrationUrl ?? null, error: 'signInFailed' });
  }).finally(deviceChecked);
  return started;
}

/** Ends the session here and at the provider (MSAL logoutRedirect with idTokenHint). */
export async function logout(): Promise<void> {
  // The provider's session can only be ended online; offline the user would stay signed in there.
  if (!navigator.onLine) throw new Error('Logout needs the network');
  await checking;
  const account = msal?.getActiveAccount() ?? null;
  const before = state;
  await db.meta.delete(META.session);
  setAccessTokenProvider(null);
  lastToken = null;
  forgetTabToken();
  setSession(null);
  setState({ status: 'loading' });
  if (!msal || !account) {
    setState({ status: 'signedOut', registrationUrl: config?.registrationUrl ?? null, error: null });
    return;
  }
  try {
    await msal.logoutRedirect({ account, idTokenHint: account.idToken, postLogoutRedirectUri: `${origin()}/` });
  } catch (err) {
    // Still signed in: put everything back so the user can carry on (the menu shows 'Logout failed').
    if (before.status === 'signedIn') {
      await db.meta.put({ key: META.session, value: before.session });
      setAccessTokenProvider(accessToken);
      setSession(before.session);
    }
    setState(before);
    throw err;
  }
}
