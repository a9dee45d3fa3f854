/**
 * The hub's connection loop (hub.ts) with SignalR faked: no attempt while the browser knows it is
 * offline, attempts that back off while the server cannot be reached, and a fresh start on
 * 'online' and after a success.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  starts: [] as number[],
  fail: true,
  state: 'Disconnected',
  onclose: null as null | (() => void),
}));

vi.mock('./identity', () => ({ getAccessToken: async () => 'token' }));
vi.mock('@microsoft/signalr', () => {
  const connection = {
    get state() { return fake.state; },
    start: async () => {
      fake.starts.push(Date.now());
      if (fake.fail) throw new Error('unreachable');
      fake.state = 'Connected';
    },
    stop: async () => { fake.state = 'Disconnected'; },
    on: () => undefined,
    onclose: (cb: () => void) => { fake.onclose = cb; },
    onreconnected: () => undefined,
  };
  class HubConnectionBuilder {
    withUrl() { return this; }
    withAutomaticReconnect() { return this; }
    configureLogging() { return this; }
    build() { return connection; }
  }
  return {
    HubConnectionBuilder,
    HubConnectionState: { Disconnected: 'Disconnected', Connected: 'Connected' },
    HttpTransportType: { WebSockets: 1 },
    LogLevel: { None: 6 },
  };
});

const { startHub } = await import('./hub');

const events = new EventTarget();
let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0);
  fake.starts = [];
  fake.fail = true;
  fake.state = 'Disconnected';
  online = true;
  vi.stubGlobal('navigator', { get onLine() { return online; } });
  vi.stubGlobal('addEventListener', events.addEventListener.bind(events));
  vi.stubGlobal('removeEventListener', events.removeEventListener.bind(events));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Gaps between consecutive connection attempts, in ms. */
function gaps(): number[] {
  return fake.starts.slice(1).map((t, i) => t - fake.starts[i]);
}

describe('hub connection', () => {
  it('does not try while the browser knows it is offline, and tries at once on online', async () => {
    online = false;
    const stop = startHub(() => undefined);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fake.starts).toEqual([]);
    online = true;
    fake.fail = false;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.starts).toHaveLength(1);
    stop();
  });

  it('backs off while the server cannot be reached: doubling, capped, a few tries an hour', async () => {
    const stop = startHub(() => undefined);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(gaps().slice(0, 8)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000]);
    expect(Math.max(...gaps())).toBe(60_000);
    expect(fake.starts.length).toBeLessThan(70);
    stop();
  });

  it('starts the schedule over after a success and on online', async () => {
    const stop = startHub(() => undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    fake.fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.state).toBe('Connected');
    // The connection drops: the next attempt comes after the first step again, not the last one.
    fake.state = 'Disconnected';
    fake.fail = true;
    const before = fake.starts.length;
    fake.onclose?.();
    await vi.advanceTimersByTimeAsync(500);
    expect(fake.starts.length).toBe(before + 1);

    await vi.advanceTimersByTimeAsync(20_000);
    const beforeOnline = fake.starts.length;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.starts.length).toBe(beforeOnline + 1);
    await vi.advanceTimersByTimeAsync(500);
    expect(fake.starts.length).toBe(beforeOnline + 2);
    stop();
  });

  it('stops trying when stopped', async () => {
    const stop = startHub(() => undefined);
    await vi.advanceTimersByTimeAsync(5000);
    stop();
    const count = fake.starts.length;
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fake.starts.length).toBe(count);
  });
});
