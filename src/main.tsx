// First: a job screen's chunks start loading before the shell's modules run (openingScreen.ts).
import './app/openingScreen';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { i18nReady } from './i18n';
import { createAppRouter } from './app/router';
import { jobListAnswered, keepJobListReady } from './app/jobListReady';
import { preloadScreenAt } from './app/screens';
import { getSession } from './data/identity';
import { replayCode } from './data/replay';
import { ANSWER_PAGE_PREFIX } from './domain/sms/answerLink';
import { deviceSessionChecked, startAuth } from './features/auth/authClient';
import { system } from './ui/system';

/** The longest the first render waits for the opening screen (then it shows a loading state). */
const FIRST_SCREEN_WAIT_MS = 800;

const router = createAppRouter();
const opening = window.location.pathname;
// A property owner's answer page (/a/{token}) is for someone with no account: no sign-in, job list or sync.
const ownerPage = opening.startsWith(ANSWER_PAGE_PREFIX);
// The screen this visit opens on loads while the shell starts (a repeat visit offline included).
const screenLoaded = preloadScreenAt(opening);
if (!ownerPage) {
  keepJobListReady();
  // The device's copy of the session is read now, not after a first render of the sign-in gate.
  void startAuth();
}

/**
 * A returning user's first render is the screen the visit opens on, signed in, with its code (and
 * on the job list its first page) in, so nothing in it suspends: a loading state rendered first
 * cost a second render of the shell, and React keeps a Suspense fallback up at least 300 ms, so
 * the cards came that much after their answer. Without a session on the device nothing is awaited.
 */
const firstScreen = ownerPage ? Promise.resolve() : Promise.race([
  deviceSessionChecked.then(() => getSession() && Promise.all([screenLoaded, opening === '/joblist' && jobListAnswered()])),
  new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = createRoot(container);

// A language other than the bundled default loads first, so the first screen is not in Norwegian.
void Promise.all([i18nReady, firstScreen]).then(() => {
  root.render(
    <StrictMode>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </StrictMode>,
  );
});

// The replay's code is a chunk of its own (out of the shell's budget): a signed-in user's comes in
// after the first screen, so a sync later waits for no download (else with the first replay).
void firstScreen.then(() => (ownerPage ? null : getSession() && replayCode())).catch(() => undefined);

// The first screen does not need the service worker's registration code (DESIGN.md budgets). An
// owner's phone opening the answer page is not installing the app: it downloads none of its precache.
if (!ownerPage) void import('./app/pwa').then((m) => m.registerServiceWorker());
