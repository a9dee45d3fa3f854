import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, META } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { newId } from '../../src/data/ids';
import { enqueue } from '../../src/data/outbox';
import { cancelScheduledReplay } from '../../src/data/replay';
import { runReplay } from '../../src/data/replay/run';
import {
  claimReplica, onDataError, pullChanges, refreshLookups, refreshPlumbers, startSync, type DataErrorEvent,
} from '../../src/data/sync';
import { configureTransport } from '../../src/data/transport';
import type { Plumber } from '../../src/domain/api';
import { FakeApi, createRequest, serverJob } from './outboxFakeApi';

const ola: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};

let api: FakeApi;
const realFetch = globalThis.fetch;

beforeEach(async () => {
  cancelScheduledReplay();
  api = new FakeApi();
  globalThis.fetch = api.fetch as typeof fetch;
  configureTransport({ baseUrl: 'http://api.test' });
  setSession(ola);
  setAccessTokenProvider(async () => 'token-ola');
  await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear(), db.plumbers.clear(), db.lookups.clear()]);
  await claimReplica(ola.userId);
});

afterAll(() => {
  cancelScheduledReplay();
  globalThis.fetch = realFetch;
});

const job = (ref: number) => serverJob(createRequest(newId(), newId(), ola.registrationId), ref);

describe('pullChanges', () => {
  it('fills the replica, keeps the cursor and the time of the last sync', async () => {
    const a = job(1);
    const b = job(2);
    api.put(a);
    api.put(b);
    await pullChanges();
    expect((await db.jobs.toArray()).map((j) => j.refNr).sort()).toEqual([1, 2]);
    expect((await db.meta.get(META.cursor))?.value).toBe('2');
    expect(typeof (await db.meta.get(META.lastSyncAt))?.value).toBe('string');
    expect(api.log.at(-1)!.path).toBe('/api/sync/changes');

    api.touch(a.jobId, { notes: 'endret' });
    api.remove(b.jobId);
    await pullChanges();
    expect(api.log.at(-1)!.path).toBe('/api/sync/changes?since=2');
    expect((await db.jobs.toArray()).map((j) => [j.refNr, j.notes])).toEqual([[1, 'endret']]);
  });

  it('keeps pulling while the server says hasMore', async () => {
    api.feedPageSize = 2;
    for (let i = 1; i <= 5; i++) api.put(job(i));
    await pullChanges();
    expect(await db.jobs.count()).toBe(5);
    expect(api.log.filter((s) => s.path.startsWith('/api/sync/changes'))).toHaveLength(3);
  });

  it('a reset replaces the replica', async () => {
    await db.jobs.put(job(99));
    api.put(job(1));
    await pullChanges();
    expect((await db.jobs.toArray()).map((j) => j.refNr)).toEqual([1]);
  });

  it('puts still-unsent changes back on top of the server rows (rebase)', async () => {
    const a = job(1);
    api.put(a);
    await pullChanges();
    api.offline = true;
    await enqueue({ type: 'updateNote', body: { jobId: a.jobId, notes: 'Offline-notat', status: 1, severity: 2 } });
    const created = newId();
    await enqueue({ type: 'createJob', body: createRequest(created, newId(), ola.registrationId) });
    await runReplay();
    cancelScheduledReplay();
    api.offline = false;
    api.touch(a.jobId, { description: 'Endret på kontoret' });
    // A second page of the feed resets nothing, so the pending create must survive too.
    await pullChanges();
    const row = await db.jobs.get(a.jobId);
    expect(row).toMatchObject({ notes: 'Offline-notat', description: 'Endret på kontoret', version: 2 });
    expect(await db.jobs.get(created)).toBeDefined();

    await db.meta.delete(META.cursor);
    await pullChanges();
    expect((await db.jobs.get(a.jobId))!.notes).toBe('Offline-notat');
    expect(await db.jobs.get(created)).toBeDefined();
  });
});

describe('the replica belongs to one user', () => {
  it('another user signing in clears jobs, lookups and plumbers but keeps every outbox entry', async () => {
    api.put(job(1));
    await pullChanges();
    await db.lookups.put({ list: 'JobTypes', items: [{ id: 1 }], fetchedAt: '' });
    api.offline = true;
    await enqueue({ type: 'updateNote', body: { jobId: '3f0c8f4e-1c2b-4d6e-9a7b-1234567890ab', notes: 'n', status: 1, severity: 2 } });
    await runReplay();
    cancelScheduledReplay();
    api.offline = false;

    expect(await claimReplica('user-kari')).toBe(true);
    expect(await db.jobs.count()).toBe(0);
    expect(await db.lookups.count()).toBe(0);
    expect(await db.meta.get(META.cursor)).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => e.userId)).toEqual(['user-ola']);
    expect(await claimReplica('user-kari')).toBe(false);
  });

  it('a pull answered after another user signed in is not written', async () => {
    api.put(job(1));
    api.latencyMs = 20;
    const pulling = pullChanges();
    await claimReplica('user-kari');
    await pulling;
    expect(await db.jobs.count()).toBe(0);
  });
});

describe('reference data and plumbers', () => {
  it('fills lookups; a 404 is silent, other failures are reported', async () => {
    api.lookups.set('JobTypes', [{ id: 1, name: 'Nyinstallasjon', shortName: 'Install' }]);
    api.lookups.set('TaskStatus', [{ id: 1, name: 'Ikke startet' }]);
    api.lookups.set('Deviation', 500);
    const events: DataErrorEvent[] = [];
    const off = onDataError((e) => events.push(e));
    await refreshLookups();
    off();
    expect((await db.lookups.get('JobTypes'))!.items).toEqual([{ id: 1, name: 'Nyinstallasjon', shortName: 'Install' }]);
    expect(await db.lookups.get('Deviation')).toBeUndefined();
    expect(events.map((e) => (e.kind === 'lookup' ? [e.list, e.error.status] : null))).toEqual([['Deviation', 500]]);
    expect(api.log.map((s) => s.path)).toContain('/api/CancellationType');
  });

  it('loads the setting types for an admin only (spec 3 §3)', async () => {
    await refreshLookups();
    expect(api.log.map((s) => s.path)).not.toContain('/api/ApplicationSetting');
    setSession({ ...ola, isAdmin: true, roleId: 2, userType: 'admin' });
    api.log.length = 0;
    await refreshLookups();
    expect(api.log.map((s) => s.path)).toEqual(expect.arrayContaining(['/api/AvailabilityType', '/api/HoliDayType', '/api/WorkDayType', '/api/ApplicationSetting']));
    setSession(ola);
  });

  it('says nothing when the device is offline and keeps what it has', async () => {
    await refreshLookups();
    const before = await db.lookups.toArray();
    const events: DataErrorEvent[] = [];
    const off = onDataError((e) => events.push(e));
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await refreshLookups();
    await refreshPlumbers();
    off();
    expect(events).toEqual([]);
    expect(await db.lookups.toArray()).toEqual(before);
  });

  it('keeps the active plumbers on the device and drops ones no longer active', async () => {
    const p = (id: number, firstName: string): Plumber => ({
      id, userId: `u${id}`, firstName, lastName: 'Rør', displayName: firstName, telephone: null, email: `${id}@x.no`,
      userStatus: 2, registeredDate: '2024-01-01T00:00:00Z', isActive: true, plumberInitials: 'XR', roleId: 1, gdprConsent: true,
    });
    await db.plumbers.put(p(3, 'Gammel'));
    api.plumbers = [p(1, 'Ola'), p(2, 'Per')];
    await refreshPlumbers();
    expect((await db.plumbers.toArray()).map((x) => x.firstName).sort()).toEqual(['Ola', 'Per']);
    expect(api.log.at(-1)!.path).toBe('/api/Users?userStatus=2&RoleId=1');
  });
});

describe('startSync', () => {
  it('hands the token to the service worker, pulls, loads lookups, and takes the token back on stop', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('navigator', {
      onLine: true,
      serviceWorker: { controller: { postMessage: (m: unknown) => posted.push(m) }, addEventListener: () => undefined, removeEventListener: () => undefined },
    });
    try {
      api.put(job(1));
      api.lookups.set('JobTypes', [{ id: 1 }]);
      const stop = startSync();
      await vi.waitFor(async () => expect(await db.lookups.get('JobTypes')).toBeDefined());
      expect(await db.jobs.count()).toBe(1);
      expect(posted[0]).toEqual({ type: 'token', token: 'token-ola', customerId: 'cust-1', userId: 'user-ola' });
      // The same token is not posted again for every request.
      expect(posted).toHaveLength(1);
      stop();
      expect(posted.at(-1)).toEqual({ type: 'token', token: null, customerId: 'cust-1', userId: 'user-ola' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
