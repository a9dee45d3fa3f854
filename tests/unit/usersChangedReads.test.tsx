// @vitest-environment happy-dom
/**
 * The plumber lists outside the plumbers screen read again when a user of the company changes
 * (UsersChanged): the calendar's and planning's plumber choice (usePlanningPlumbers) and the
 * dashboard's plumber filter (useCompanyUsers). Another kind, or another company's notice, reads nothing.
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
const api = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('../../src/data/transport', async (importActual) => ({
  ...(await importActual<typeof import('../../src/data/transport')>()),
  apiFetch: (path: string) => {
    api.calls.push(path);
    return Promise.resolve([{ id: api.calls.length, firstName: 'Ola', lastName: 'Hansen' }]);
  },
}));

const { usePlanningPlumbers } = await import('../../src/features/schedule/api/fetchPlanningPlumbers');
const { useCompanyUsers } = await import('../../src/features/reports/api/fetchCompanyUsers');

const session: Session = {
  userId: 'u1', registrationId: 1, roleId: 2, isAdmin: true, companyId: 'c', customerId: 'K-1', customerNumber: '3201',
  customerName: 'K', name: 'N', email: 'e@x.no', gdprConsent: true, hasAgreement: true, userType: 'admin', orgNumber: '912345678',
};

function tell(NotificationType: string, OrganizationNumber = '912345678') {
  act(() => { for (const l of [...hub.listeners]) l({ OrganizationNumber, CustomerId: '{k-1}', NotificationType }); });
}

beforeEach(() => {
  setSession(session);
  api.calls = [];
});
afterEach(() => {
  cleanup();
  hub.listeners.clear();
});

describe.each([
  ['usePlanningPlumbers', () => usePlanningPlumbers('c')],
  ['useCompanyUsers', () => useCompanyUsers()],
])('%s', (_name, hook) => {
  it('reads again on UsersChanged of the company, not on another kind or another company', async () => {
    const view = renderHook(hook);
    await waitFor(() => expect(view.result.current.data).toHaveLength(1));
    await waitFor(() => expect(hub.listeners.size).toBe(1));
    expect(api.calls).toHaveLength(1);
    tell(NotificationType.SettingsChanged);
    tell(NotificationType.UsersChanged, '999999999');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toHaveLength(1);
    tell(NotificationType.UsersChanged);
    await waitFor(() => expect(api.calls).toHaveLength(2));
    await waitFor(() => expect(view.result.current.data?.[0].id).toBe(2));
  });
});
