// @vitest-environment happy-dom
/**
 * The rule every open settings screen follows when another admin changes its data (src/data/useLiveReload.ts):
 * a notice of its kind for the user's company reads again when the form is clean; when the form holds
 * unsaved changes it keeps them and says so, reads once the form is clean again (saved or cancelled) or
 * when the user drops the edits; and the user's own write is not heard (its answer is shown as is).
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlumberNotification } from '../../src/domain/api';
import { setSession, type Session } from '../../src/data/identity';
import { NotificationType } from '../../src/domain/enums';

const hub = vi.hoisted(() => ({ listeners: new Set<(n: PlumberNotification) => void>() }));
vi.mock('../../src/data/hub', async (importActual) => ({
  matchesNotification: (await importActual<typeof import('../../src/data/hub')>()).matchesNotification,
  onHubNotification: (listener: (n: PlumberNotification) => void) => {
    hub.listeners.add(listener);
    return () => { hub.listeners.delete(listener); };
  },
}));

const { OWN_WRITE_GRACE_MS, ownWrite, useHubNotice, useLiveReload } = await import('../../src/data/useLiveReload');

const session: Session = {
  userId: 'u1', registrationId: 1, roleId: 2, isAdmin: true, companyId: 'c', customerId: 'K-1', customerNumber: '3201',
  customerName: 'K', name: 'N', email: 'e@x.no', gdprConsent: true, hasAgreement: true, userType: 'admin', orgNumber: '912345678',
};
const HEARS = [NotificationType.SettingsChanged];

function tell(NotificationType: string, OrganizationNumber = '912345678') {
  act(() => { for (const l of [...hub.listeners]) l({ OrganizationNumber, CustomerId: '{k-1}', NotificationType }); });
}

/** The hook with a reload spy and the page's onDirtyChange spy, listening once the hub module has loaded. */
async function mount() {
  const reload = vi.fn();
  const page = vi.fn();
  const view = renderHook(() => useLiveReload(HEARS, reload, page));
  await waitFor(() => expect(hub.listeners.size).toBe(1));
  return { reload, page, live: () => view.result.current };
}

beforeEach(() => setSession(session));
afterEach(() => {
  cleanup();
  hub.listeners.clear();
});

describe('useLiveReload', () => {
  it('a clean form reads again on a notice of its kind for the company, silently', async () => {
    const { reload, live } = await mount();
    tell(NotificationType.SettingsChanged);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(live().changedElsewhere).toBe(false);
  });

  it('hears neither another kind nor another company', async () => {
    const { reload, live } = await mount();
    tell(NotificationType.UsersChanged);
    tell(NotificationType.SettingsChanged, '999999999');
    expect(reload).not.toHaveBeenCalled();
    expect(live().changedElsewhere).toBe(false);
  });

  it('a dirty form keeps the input and shows the notice; once clean (saved or cancelled) it reads what it missed', async () => {
    const { reload, page, live } = await mount();
    act(() => live().onDirtyChange(true));
    expect(page).toHaveBeenLastCalledWith(true);
    tell(NotificationType.SettingsChanged);
    expect(reload).not.toHaveBeenCalled();
    expect(live().changedElsewhere).toBe(true);
    const generation = live().generation;
    act(() => live().onDirtyChange(false));
    expect(page).toHaveBeenLastCalledWith(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(live().changedElsewhere).toBe(false);
    expect(live().generation).toBe(generation);
  });

  it('the notice\'s reload drops the edits (a new generation for the form\'s key) and reads again', async () => {
    const { reload, live } = await mount();
    act(() => live().onDirtyChange(true));
    tell(NotificationType.SettingsChanged);
    const generation = live().generation;
    act(() => live().discard());
    expect(live().generation).toBe(generation + 1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(live().changedElsewhere).toBe(false);
    // The form starts again clean: nothing more to read.
    act(() => live().onDirtyChange(false));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the user\'s own save is not heard: no notice, and no second read after the save\'s answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { reload, live } = await mount();
      act(() => live().onDirtyChange(true));
      let answer!: (v: string) => void;
      const saving = ownWrite(new Promise<string>((resolve) => { answer = resolve; }));
      tell(NotificationType.SettingsChanged);
      expect(live().changedElsewhere).toBe(false);
      await act(async () => { answer('saved'); await saving; });
      act(() => live().onDirtyChange(false));
      // Heard just after the answer: still the user's own.
      tell(NotificationType.SettingsChanged);
      expect(live().changedElsewhere).toBe(false);
      expect(reload).not.toHaveBeenCalled();
      // A moment later, a notice is another admin's again.
      vi.advanceTimersByTime(OWN_WRITE_GRACE_MS);
      tell(NotificationType.SettingsChanged);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useHubNotice', () => {
  it('calls the listener on each notice of its kinds for the company, and stops when unmounted', async () => {
    const listener = vi.fn();
    const view = renderHook(() => useHubNotice([NotificationType.UsersChanged], listener));
    await waitFor(() => expect(hub.listeners.size).toBe(1));
    tell(NotificationType.UsersChanged);
    tell(NotificationType.SettingsChanged);
    expect(listener).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(hub.listeners.size).toBe(0);
  });
});
