// First: a job screen's chunks start loading before the shell's modules run (openingScreen.ts).
import './app/openingScreen';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { i18nReady } from './i18n';
import { createAppRouter } from './app/router';
import { keepJobListReady } from './app/jobListReady';
import { preloadScreenAt } from './app/screens';
import { system } from './ui/system';

const router = createAppRouter();
// The screen this visit opens on loads while the shell starts (a repeat visit offline included).
preloadScreenAt(window.location.pathname);
keepJobListReady();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = createRoot(container);

// A language other than the bundled default loads first, so the first screen is not in Norwegian.
void i18nReady.then(() => {
  root.render(
    <StrictMode>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </StrictMode>,
  );
});

// The first screen does not need the service worker's registration code (DESIGN.md budgets).
void import('./app/pwa').then((m) => m.registerServiceWorker());
