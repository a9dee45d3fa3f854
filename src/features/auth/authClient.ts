/**
 * Sign-in with MSAL against the configured identity provider (the embedded one at /oidc, or Entra ID
 * in production; DESIGN.md "Identity"). Owns the auth state the gate renders from, hands the session
 * and a token provider to the data layer, and keeps a copy of the session on the device so the app
 * opens signed in with no network.
 */
import i18next from 'i18next';
import {
  BrowserCacheLocation, InteractionRequiredAuthError, ProtocolMode, PublicClientApplication,
  type AccountInfo, type AuthenticationResult, type Configuration,
} from '@azure/msal-browser';
import type { User } from '../../domain/api';
import { db, META } from '../../data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../data/session';
import { claimReplica } from '../../data/sync';
import { apiFetch } from '../../data/transport';
import { isStoredSession, sessionFromClaims } from './claims';

/** GET /api/config: what MSAL needs, from the server. */
export interface ClientConfig {
  clientId: string;
  authority: string;
  knownAuthorities: string[];
  authorityMetadata: string | null;
  scopes: string[];
  apiAudience: string;
  protocolMode: string;
  registrationUrl: string | null;
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut'; registrationUrl: string | null; error: 'unreachable' | 'signInFailed' | null }
  | { status: 'signedIn'; session: Session; offline: boolean; returnTo: string | null };

const CONFIG_STORAGE_KEY = 'meterwork.authConfig';
const REQUIRED_KEYS: (keyof ClientConfig)[] = ['clientId', 'authority', 'knownAuthorities', 'scopes'];

let state: AuthState = { status: 'loading' };
const listeners = new Set<() => void>();
let msal: PublicClientApplication | null = null;
let config: ClientConfig | null = null;
let started: Promise<void> | null = null;
let redirecting = false;

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

function validConfig(value: unknown): ClientConfig | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Partial<ClientConfig>;
  const missing = REQUIRED_KEYS.filter((k) => c[k] === undefined || c[k] === null || c[k] === '');
  for (const key of missing) console.error('Missing config key', key);
  return missing.length ? null : (c as ClientConfig);
}

/** The server's answer when it can be reached, else the copy from the last time it could. */
async function loadClientConfig(): Promise<{ config: ClientConfig | null; reachable: boolean }> {
  try {
    const res = await fetch('/api/config', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (res.ok) {
      const fresh = validConfig(await res.json());
      if (fresh) localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(fresh));
      return { config: fresh, reachable: true };
    }
  } catch {
    // Offline or the server is down: fall back to the stored copy below.
  }
  let stored: ClientConfig | null = null;
  try {
    stored = validConfig(JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null'));
  } catch {
    stored = null;
  }
  return { config: stored, reachable: false };
}

function msalConfiguration(c: ClientConfig): Configuration {
  return {
    auth: {
      clientId: c.clientId,
      authority: c.authority,
      knownAuthorities: c.knownAuthorities,
      ...(c.authorityMetadata ? { authorityMetadata: c.authorityMetadata } : {}),
      protocolMode: c.protocolMode === 'AAD' ? ProtocolMode.AAD : ProtocolMode.OIDC,
      // MSAL adds offline_access by default; the provider issues refresh tokens without it.
      OIDCOptions: { defaultScopes: ['openid', 'profile'] },
      redirectUri: `${origin()}/`,
      postLogoutRedirectUri: `${origin()}/`,
      navigateToLoginRequestUrl: false,
    },
    // Survives reloads, so the app can start signed in without a network.
    cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
  };
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
  if (!msal || !config) {
    const loaded = await loadClientConfig();
    if (!loaded.config) {
      setState({ status: 'signedOut', registrationUrl: null, error: 'unreachable' });
      return;
    }
    config = loaded.config;
    msal = new PublicClientApplication(msalConfiguration(config));
    await msal.initialize();
  }
  if (redirecting) return;
  redirecting = true;
  try {
    await msal.loginRedirect({
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

/** The token provider the data layer calls: silent only; a dead sign-in sends the user to log in (spec 1 §8). */
async function accessToken(): Promise<string | null> {
  const account = msal?.getActiveAccount();
  if (!msal || !config || !account) return null;
  try {
    const result = await msal.acquireTokenSilent({ scopes: config.scopes, account, redirectUri: silentRedirectUri() });
    return result.accessToken;
  } catch (err) {
    if (err instanceof InteractionRequiredAuthError && navigator.onLine) void signIn().catch(() => undefined);
    return null;
  }
}

async function establish(session: Session, offline: boolean, returnTo: string | null) {
  setAccessTokenProvider(accessToken);
  // The replica belongs to one user: another user's sign-in starts from an empty one.
  await claimReplica(session.userId);
  await db.meta.put({ key: META.session, value: session });
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

function pickAccount(app: PublicClientApplication, result: AuthenticationResult | null): AccountInfo | null {
  return result?.account ?? app.getActiveAccount() ?? app.getAllAccounts()[0] ?? null;
}

async function run(): Promise<void> {
  const { config: loaded, reachable } = await loadClientConfig();
  const stored = await readStoredSession();
  const offlineStart = async () => {
    if (stored) await establish(stored, true, null);
    else setState({ status: 'signedOut', registrationUrl: null, error: 'unreachable' });
  };
  if (!loaded) return offlineStart();
  config = loaded;

  let result: AuthenticationResult | null = null;
  let redirectFailed = false;
  try {
    msal = new PublicClientApplication(msalConfiguration(config));
    await msal.initialize();
    try {
      result = await msal.handleRedirectPromise();
    } catch (err) {
      console.error('Sign-in failed', err);
      redirectFailed = true;
    }
  } catch (err) {
    console.error('Sign-in could not start', err);
    if (!reachable) return offlineStart();
    setState({ status: 'signedOut', registrationUrl: config.registrationUrl, error: 'signInFailed' });
    return;
  }

  const account = pickAccount(msal, result);
  const signedOut = () => setState({ status: 'signedOut', registrationUrl: config?.registrationUrl ?? null, error: redirectFailed ? 'signInFailed' : null });
  if (!account) return reachable ? signedOut() : offlineStart();
  msal.setActiveAccount(account);
  const returnTo = typeof result?.state === 'string' && result.state.startsWith('/') ? result.state : null;

  try {
    const token = await msal.acquireTokenSilent({ scopes: config.scopes, account, redirectUri: silentRedirectUri() });
    const session = sessionFromClaims(token.idTokenClaims as Record<string, unknown>) ?? sessionFromClaims(account.idTokenClaims);
    if (!session) {
      console.error('Sign-in token lacks the user claims');
      setState({ status: 'signedOut', registrationUrl: config.registrationUrl, error: 'signInFailed' });
      return;
    }
    await establish(session, false, returnTo);
  } catch (err) {
    if (err instanceof InteractionRequiredAuthError && reachable) {
      // Spec 1 §8: a failed silent acquisition goes to the login page, unless we just came from it.
      if (result) return setState({ status: 'signedOut', registrationUrl: config.registrationUrl, error: 'signInFailed' });
      await signIn();
      return;
    }
    // No network: the app opens with what the device knows about this user.
    const session = sessionFromClaims(account.idTokenClaims) ?? stored;
    if (session && (!stored || stored.userId === session.userId)) await establish(session, true, returnTo);
    else await offlineStart();
  }
}

/** Resolves the sign-in state once per page load (React StrictMode runs effects twice). */
export function startAuth(): Promise<void> {
  started ??= run().catch((err) => {
    console.error('Sign-in failed', err);
    setState({ status: 'signedOut', registrationUrl: config?.registrationUrl ?? null, error: 'signInFailed' });
  });
  return started;
}

/** Ends the session here and at the provider (MSAL logoutRedirect with idTokenHint). */
export async function logout(): Promise<void> {
  // The provider's session can only be ended online; offline the user would stay signed in there.
  if (!navigator.onLine) throw new Error('Logout needs the network');
  const account = msal?.getActiveAccount() ?? null;
  const before = state;
  await db.meta.delete(META.session);
  setAccessTokenProvider(null);
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
