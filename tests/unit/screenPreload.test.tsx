// @vitest-environment happy-dom
/**
 * Route screens loaded ahead (src/app/screens.tsx, issue 12 §5): the job list's code comes with its
 * on-demand texts, and a screen whose code is in renders on its first render, with no suspension
 * (no loading state, no extra render) between the menu click and the cards.
 */
import 'fake-indexeddb/auto';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '../../src/i18n';
import { preloadScreenAt, SCREENS } from '../../src/app/screens';
import { system } from '../../src/ui/system';

beforeAll(() => i18nReady);
afterEach(cleanup);

function show(Screen: (typeof SCREENS)[keyof typeof SCREENS]) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <Suspense fallback={<p>suspended</p>}><Screen /></Suspense>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('route screens loaded ahead', () => {
  it('loads the job list\'s code and texts when the app opens on the list', async () => {
    expect(i18n.hasLoadedNamespace('jobs')).toBe(false);
    preloadScreenAt('/joblist');
    await vi.waitFor(() => expect(i18n.hasLoadedNamespace('jobs')).toBe(true), { timeout: 20_000 });
    expect(i18n.t('jobs:JobListTitle')).not.toBe('JobListTitle');
  });

  it('renders a screen whose code is in without suspending', async () => {
    await SCREENS.notFound.preload();
    act(() => {
      show(SCREENS.notFound);
    });
    expect(screen.queryByText('suspended')).toBeNull();
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });
});
