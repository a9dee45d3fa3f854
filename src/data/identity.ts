/**
 * Who the requests are made for, without React: the page's session (set by the auth feature) or,
 * inside the service worker, the credentials the page handed over. session.ts adds the React hook;
 * the transport, the outbox and the service worker import only this file.
 */
export interface Session {
  userId: string;
  registrationId: number;
  roleId: number;
  isAdmin: boolean;
  companyId: string | null;
  customerId: string;
  customerNumber: string;
  customerName: string;
  name: string;
  email: string;
  gdprConsent: boolean;
  /** Admin whose company agreement is in force now (spec 3 §1). */
  hasAgreement: boolean;
  /** User type stored locally after sign-in (spec 1 §3). */
  userType: 'admin' | 'plumber';
  /** Spec 1 §3 User.hidePlumberOptions: hides My schedule in the menu. Absent means false. */
  hidePlumberOptions?: boolean;
  /** The company's organisation number (org_number claim): matches hub notifications (spec 1 §7). */
  orgNumber?: string | null;
}

export interface RequestIdentity {
  userId: string;
  customerId: string;
}

let current: Session | null = null;
const listeners = new Set<() => void>();
let tokenProvider: (() => Promise<string | null>) | null = null;
let workerIdentity: RequestIdentity | null = null;
const tokenListeners = new Set<(token: string) => void>();

export function setSession(session: Session | null): void {
  current = session;
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The auth feature registers how to get a fresh access token (silently); transport calls it. */
export function setAccessTokenProvider(provider: (() => Promise<string | null>) | null): void {
  tokenProvider = provider;
}

export async function getAccessToken(): Promise<string | null> {
  const token = tokenProvider ? await tokenProvider() : null;
  if (token) for (const l of tokenListeners) l(token);
  return token;
}

/** Called with every token getAccessToken hands out, so the page can pass it on to the worker. */
export function onAccessToken(listener: (token: string) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Service worker only: the user the handed-over token belongs to (there is no Session there). */
export function setWorkerIdentity(identity: RequestIdentity | null): void {
  workerIdentity = identity;
}

export function getRequestIdentity(): RequestIdentity | null {
  if (current) return { userId: current.userId, customerId: current.customerId };
  return workerIdentity;
}
