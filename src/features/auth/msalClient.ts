/**
 * The MSAL half of the sign-in. authClient.ts loads it with import() only when a sign-in needs it:
 * MSAL is the largest library the app uses and the first screen does not need it (DESIGN.md budgets).
 */
import {
  BrowserCacheLocation, InteractionRequiredAuthError, ProtocolMode, PublicClientApplication,
  type AuthenticationResult, type Configuration,
} from '@azure/msal-browser';
import type { ClientConfig } from './authClient';

export interface MsalStart {
  app: PublicClientApplication;
  /** The provider's answer when this page load came back from a sign-in redirect. */
  result: AuthenticationResult | null;
  /** The URL carried an answer MSAL could not accept. */
  redirectFailed: boolean;
}

function msalConfiguration(c: ClientConfig, origin: string): Configuration {
  return {
    auth: {
      clientId: c.clientId,
      authority: c.authority,
      knownAuthorities: c.knownAuthorities,
      ...(c.authorityMetadata ? { authorityMetadata: c.authorityMetadata } : {}),
      protocolMode: c.protocolMode === 'AAD' ? ProtocolMode.AAD : ProtocolMode.OIDC,
      // MSAL adds offline_access by default; the provider issues refresh tokens without it.
      OIDCOptions: { defaultScopes: ['openid', 'profile'] },
      redirectUri: `${origin}/`,
      postLogoutRedirectUri: `${origin}/`,
      navigateToLoginRequestUrl: false,
    },
    // Survives reloads and is shared by the app's tabs, so the app can start signed in without a
    // network. MSAL 4 encrypts what it keeps there with a key in a cookie that ends with the browser
    // session; session or memory storage would sign out every new tab and reload. What a stolen
    // refresh token is worth is limited on the provider instead: it lives a day, is bound to the
    // provider's session and dies with it at logout (server/auth/provider.ts).
    cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
  };
}

/** Creates and initialises the client and takes the redirect answer, which MSAL needs before any other call. */
export async function startMsal(c: ClientConfig, origin: string): Promise<MsalStart> {
  const app = new PublicClientApplication(msalConfiguration(c, origin));
  await app.initialize();
  try {
    return { app, result: await app.handleRedirectPromise(), redirectFailed: false };
  } catch (err) {
    console.error('Sign-in failed', err);
    return { app, result: null, redirectFailed: true };
  }
}

export function isInteractionRequired(err: unknown): boolean {
  return err instanceof InteractionRequiredAuthError;
}
