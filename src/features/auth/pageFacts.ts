/**
 * What the sign-in (authClient.ts) reads of the page before MSAL is loaded: the client configuration
 * (the server's, or the copy kept from the last time it could be reached, so the app opens offline),
 * whether the URL carries the provider's redirect answer, whether MSAL's cache lists an account, and
 * when the browser is idle enough to load MSAL behind the landing page.
 */
import type { ClientConfig } from '../../domain/api';

const CONFIG_STORAGE_KEY = 'meterwork.authConfig';
const REQUIRED_KEYS: (keyof ClientConfig)[] = ['clientId', 'authority', 'knownAuthorities', 'scopes'];
/** The landing page loads MSAL when the browser is idle, at the latest after this long. */
const IDLE_LOAD_TIMEOUT_MS = 3000;
/** MSAL's keys in a redirect answer (msal-common UrlUtils.getDeserializedResponse). */
const RESPONSE_KEYS = ['code', 'ear_jwe', 'error', 'error_description', 'state'];

function validConfig(value: unknown): ClientConfig | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Partial<ClientConfig>;
  const missing = REQUIRED_KEYS.filter((k) => c[k] === undefined || c[k] === null || c[k] === '');
  for (const key of missing) console.error('Missing config key', key);
  return missing.length ? null : (c as ClientConfig);
}

/** The server's answer when it can be reached, else the copy from the last time it could. */
export async function loadClientConfig(): Promise<{ config: ClientConfig | null; reachable: boolean }> {
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

/** The URL holds the provider's answer to a sign-in redirect (in the fragment, or the query). */
export function carriesAuthResponse(): boolean {
  return [window.location.hash, window.location.search].some((part) => {
    const params = new URLSearchParams(part.replace(/^[#?]/, ''));
    return RESPONSE_KEYS.some((key) => params.has(key));
  });
}

/**
 * Whether MSAL's cache lists an account, read without loading MSAL (its localStorage key
 * "msal.<schema>.account.keys"). Anything unreadable counts as yes, so MSAL decides.
 */
export function msalMayHaveAccount(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !/^msal\.(\d+\.)?account\.keys$/.test(key)) continue;
      const keys: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      if (!Array.isArray(keys) || keys.length > 0) return true;
    }
    return false;
  } catch {
    return true;
  }
}

export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_LOAD_TIMEOUT_MS });
    else setTimeout(resolve, IDLE_LOAD_TIMEOUT_MS);
  });
}
