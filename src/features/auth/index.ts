export { AuthGate, useAuthReady, useAuthState } from './AuthGate';
export { logout, signIn } from './authClient';
export type { AuthState, ClientConfig } from './authClient';
export { agreementInForce, sessionFromClaims } from './claims';
