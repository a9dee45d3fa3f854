/**
 * Signed in: the children. Signed out: the landing page. Resolves the sign-in once per page load
 * (MSAL redirect answer, silent token, or the session stored on the device, which opens the app at
 * once while MSAL confirms it behind it).
 */
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../ui';
import { consumeReturnTo, getAuthState, signIn, startAuth, subscribeAuth } from './authClient';
import { loadLandingPage } from './landing';

const LandingPage = lazy(async () => ({ default: (await loadLandingPage()).LandingPage }));

export function useAuthState() {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/** True once it is known whether someone is signed in. */
export function useAuthReady(): boolean {
  return useAuthState().status !== 'loading';
}

export function AuthGate({ children }: { children: ReactNode }) {
  // The shell's own namespace: the landing page's texts ('auth') load with the landing page.
  const { t } = useTranslation();
  const state = useAuthState();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const returnTo = state.status === 'signedIn' ? state.returnTo : null;
  const navigated = useRef(false);

  useEffect(() => {
    void startAuth();
  }, []);

  // Back to where the user was when the sign-in started; the screens render once the router is there.
  useEffect(() => {
    if (!returnTo) return;
    if (navigated.current || here === returnTo) {
      consumeReturnTo();
      return;
    }
    navigated.current = true;
    navigate(returnTo, { replace: true });
  }, [returnTo, here, navigate]);

  const loading = <LoadingState label={t('SigningIn')} />;
  if (state.status === 'loading' || returnTo) return loading;
  if (state.status === 'signedOut') {
    return (
      <Suspense fallback={loading}>
        <LandingPage registrationUrl={state.registrationUrl} error={state.error} signIn={signIn} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
