// @vitest-environment happy-dom
/**
 * The exit-without-saving guard (src/ui/useUnsavedChangesGuard.ts) in a real data router: Back from
 * /settings?section=b to ?section=a leaves the section's form, so it asks the exit question first.
 */
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDialog, currentDialog } from '../../src/ui/dialogStore';
import { useUnsavedChangesGuard } from '../../src/ui/useUnsavedChangesGuard';

function Dirty() {
  useUnsavedChangesGuard(true);
  return <p>form</p>;
}

function routerAt(entries: string[]) {
  const router = createMemoryRouter([{ path: '/settings', element: <Dirty /> }, { path: '/joblist', element: <p>jobs</p> }], {
    initialEntries: entries, initialIndex: entries.length - 1,
  });
  render(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname + router.state.location.search;

afterEach(() => {
  for (let d = currentDialog(); d; d = currentDialog()) closeDialog(d.id, false);
  cleanup();
});

describe('useUnsavedChangesGuard', () => {
  it('asks before Back to another settings section, and stays when the answer is no', async () => {
    const router = routerAt(['/settings?section=jobIntervals', '/settings?section=smsReminders']);
    await act(() => router.navigate(-1));
    const dialog = currentDialog();
    expect(dialog).toMatchObject({ kind: 'confirm', title: 'ExitConfirmationHeader' });
    await act(async () => { closeDialog(dialog!.id, false); });
    expect(where(router)).toBe('/settings?section=smsReminders');
  });

  it('lets Back through when the answer is yes, and asks for another path as before', async () => {
    const router = routerAt(['/settings?section=jobIntervals', '/settings?section=smsReminders']);
    await act(() => router.navigate(-1));
    await act(async () => { closeDialog(currentDialog()!.id, true); });
    expect(where(router)).toBe('/settings?section=jobIntervals');

    await act(() => router.navigate('/joblist'));
    expect(currentDialog()).toMatchObject({ kind: 'confirm' });
  });
});
