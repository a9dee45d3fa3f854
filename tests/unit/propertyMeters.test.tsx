// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
/**
 * A property's meters are read through one module with one copy on the device
 * (src/data/propertyMeters.ts): the copy the sync keeps for a plumber's open jobs is what the task
 * form's old-meter picker (usePropertyMeters) and the after-report question read offline.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { newId } from '../../src/data/ids';
import { METERS_FRESH_MS, propertyMeters, refreshPropertyMeters } from '../../src/data/propertyMeters';
import { configureTransport } from '../../src/data/transport';
import type { WaterMeter } from '../../src/domain/api';
import { usePropertyMeters } from '../../src/features/jobs/api/fetchPropertyMeters';
import { createRequest, serverJob } from './outboxFakeApi';

const plumber: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};
const meter = (waterMeterId: number, nr: string): WaterMeter => ({
  waterMeterId, serialNo: `7123456${waterMeterId}`, waterType: 0, address: 'Storgata 1', dimension: 'DN20', placementId: 1, placement: 'Kjeller',
  meterModelId: 1, readerTypeId: null, waterMeterPointId: null, lastMeterReading: 1200, lastReadDate: null, installedDate: null,
  matrikkelenhetId: 12345, matrikkelNummer: nr,
});

/** The server as the device sees it: this list per property, or no network at all. */
let server: { meters: Record<string, WaterMeter[]>; reachable: boolean; requests: string[] };
const realFetch = globalThis.fetch;

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(async () => {
  server = { meters: {}, reachable: true, requests: [] };
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    server.requests.push(url.pathname + url.search);
    if (!server.reachable) throw new TypeError('Failed to fetch');
    const list = server.meters[url.searchParams.get('matrikkelNummer') ?? ''];
    return list ? Response.json(list) : new Response('{"message":"not found"}', { status: 404, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  configureTransport({ baseUrl: 'http://api.test' });
  setSession(plumber);
  setAccessTokenProvider(async () => 'token-ola');
  setOnline(true);
  await Promise.all([db.jobs.clear(), db.meta.clear()]);
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  setOnline(true);
});

/** An open job of the plumber's on a property, as the sync's replica holds it. */
async function openJob(): Promise<string> {
  const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
  await db.jobs.put(job);
  return job.matrikkel.matrikkelNummer;
}

describe('the property\'s meters', () => {
  it('offline, the task form gets the copy the sync kept, without asking the network', async () => {
    const nr = await openJob();
    server.meters[nr] = [meter(1, nr), meter(2, nr)];
    await refreshPropertyMeters();
    setOnline(false);
    server.requests = [];
    const { result } = renderHook(() => usePropertyMeters(nr, true));
    await waitFor(() => expect(result.current?.map((m) => m.waterMeterId)).toEqual([1, 2]));
    expect(server.requests).toEqual([]);
  });

  it('online, a read takes the server\'s list and keeps it; with the network gone the copy answers', async () => {
    const nr = await openJob();
    server.meters[nr] = [meter(1, nr)];
    expect((await propertyMeters(nr))?.map((m) => m.waterMeterId)).toEqual([1]);
    server.meters[nr] = [meter(1, nr), meter(3, nr)];
    expect((await propertyMeters(nr))?.map((m) => m.waterMeterId)).toEqual([1, 3]);
    server.reachable = false;
    const { result } = renderHook(() => usePropertyMeters(nr, true));
    await waitFor(() => expect(result.current?.map((m) => m.waterMeterId)).toEqual([1, 3]));
  });

  it('says none for a 404, and null when the device has no copy and no network', async () => {
    const nr = await openJob();
    expect(await propertyMeters(nr)).toEqual([]);
    server.reachable = false;
    expect(await propertyMeters('4601000000000000000000')).toBeNull();
  });

  it('the sync fetches a property again only when its copy is older than the freshness window', async () => {
    const nr = await openJob();
    server.meters[nr] = [meter(1, nr)];
    const t0 = Date.now();
    await refreshPropertyMeters(t0);
    await refreshPropertyMeters(t0 + METERS_FRESH_MS - 1);
    expect(server.requests).toHaveLength(1);
    await refreshPropertyMeters(t0 + METERS_FRESH_MS);
    expect(server.requests).toHaveLength(2);
  });

  it('a disabled read asks nothing', async () => {
    const nr = await openJob();
    const { result } = renderHook(() => usePropertyMeters(nr, false));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toBeNull();
    expect(server.requests).toEqual([]);
  });
});
