// @vitest-environment happy-dom
/**
 * The one live-read hook (src/data/liveRead.ts): loading, ready, error with retry, refetch after a save,
 * offline as its own state with what was last loaded, silent 404, aborting a superseded read, and
 * kept answers that never cross users.
 */
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchLiveRead, useLiveRead } from '../../src/data/liveRead';
import { setSession, type Session } from '../../src/data/identity';
import { ApiError, networkError } from '../../src/data/transport';

const session = (userId: string): Session => ({
  userId, registrationId: 1, roleId: 2, isAdmin: true, companyId: 'c', customerId: 'k', customerNumber: '3201',
  customerName: 'K', name: 'N', email: 'e@x.no', gdprConsent: true, hasAgreement: true, userType: 'admin',
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** refetch() settles after the effect it triggers has run: start it in one act, await it after. */
async function refetch(read: { refetch: () => Promise<void> }) {
  let settled!: Promise<void>;
  act(() => { settled = read.refetch(); });
  await act(() => settled);
}

beforeEach(() => {
  setSession(session(`user-${Math.random()}`));
  setOnline(true);
});
afterEach(() => cleanup());

describe('useLiveRead', () => {
  it('loads, then refetches after a save and gives the new answer', async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    const { result } = renderHook(() => useLiveRead(['count'], load));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toBe(1);
    await refetch(result.current);
    expect(result.current.data).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows an error with the last data kept, and a retry that succeeds', async () => {
    let fail = false;
    const load = vi.fn(async () => {
      if (fail) throw new ApiError('boom', 500);
      return 'first';
    });
    const { result } = renderHook(() => useLiveRead(['err'], load));
    await waitFor(() => expect(result.current.data).toBe('first'));
    fail = true;
    await refetch(result.current);
    expect(result.current.status).toBe('error');
    expect(result.current.data).toBe('first');
    expect((result.current.error as ApiError).status).toBe(500);
    fail = false;
    await refetch(result.current);
    expect(result.current.status).toBe('ready');
  });

  it('is offline, not an error, when the request never reached the server, and keeps what was last loaded', async () => {
    let reachable = true;
    const load = vi.fn(async () => {
      if (!reachable) throw networkError();
      return ['a', 'b'];
    });
    const first = renderHook(() => useLiveRead(['list'], load));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();
    reachable = false;
    const again = renderHook(() => useLiveRead(['list'], load));
    // The kept answer shows at once while the fresh read runs.
    expect(again.result.current.data).toEqual(['a', 'b']);
    await waitFor(() => expect(again.result.current.status).toBe('offline'));
    expect(again.result.current.data).toEqual(['a', 'b']);
    expect(again.result.current.error).toBeNull();
  });

  it('does not load while the browser is offline, and loads when it comes back', async () => {
    setOnline(false);
    const load = vi.fn(async () => 'fresh');
    const { result } = renderHook(() => useLiveRead(['off'], load));
    await waitFor(() => expect(result.current.status).toBe('offline'));
    expect(result.current.data).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    act(() => setOnline(true));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toBe('fresh');
  });

  it('treats 404 as "missing" only when asked to', async () => {
    const load = async () => { throw new ApiError('Not Found', 404); };
    const silent = renderHook(() => useLiveRead(['cfg'], load, { silent404: true }));
    await waitFor(() => expect(silent.result.current.status).toBe('missing'));
    const loud = renderHook(() => useLiveRead(['cfg2'], load));
    await waitFor(() => expect(loud.result.current.status).toBe('error'));
  });

  it('aborts the read of a key that changed and never shows the old key\'s answer', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: ((v: string) => void)[] = [];
    const load = (signal: AbortSignal) => { signals.push(signal); return new Promise<string>((r) => resolvers.push(r)); };
    const { result, rerender } = renderHook(({ k }) => useLiveRead(['k', k], load), { initialProps: { k: 1 } });
    rerender({ k: 2 });
    expect(signals[0].aborted).toBe(true);
    act(() => resolvers[0]('one'));
    act(() => resolvers[1]('two'));
    await waitFor(() => expect(result.current.data).toBe('two'));
  });

  it('mutate sets the data a save answered without a request', async () => {
    const load = vi.fn(async () => ({ v: 1 }));
    const { result } = renderHook(() => useLiveRead(['m'], load));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.mutate({ v: 9 }));
    expect(result.current.data).toEqual({ v: 9 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never shows one user\'s kept answer to the next user', async () => {
    setSession(session('first'));
    const first = renderHook(() => useLiveRead(['shared'], async () => 'secret of first'));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();
    setSession(session('second'));
    setOnline(false);
    const second = renderHook(() => useLiveRead(['shared'], async () => 'x'));
    await waitFor(() => expect(second.result.current.status).toBe('offline'));
    expect(second.result.current.data).toBeUndefined();
  });

  it('a null key loads nothing', () => {
    const load = vi.fn(async () => 1);
    const { result } = renderHook(() => useLiveRead(null, load));
    expect(result.current.data).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    render(<p>{result.current.status}</p>);
    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('a prefetched answer already in is the first render\'s data, and nothing is read again', async () => {
    const prefetch = vi.fn(async () => ({ points: 50_000 }));
    prefetchLiveRead(['pre', 1], prefetch);
    await Promise.resolve();
    await Promise.resolve();
    const load = vi.fn(async () => ({ points: 1 }));
    const renders: unknown[] = [];
    const { result } = renderHook(() => {
      const read = useLiveRead(['pre', 1], load);
      renders.push(read.status);
      return read;
    });
    expect(renders[0]).toBe('ready');
    expect(result.current.data).toEqual({ points: 50_000 });
    await act(async () => { await Promise.resolve(); });
    expect(load).not.toHaveBeenCalled();
    expect(prefetch).toHaveBeenCalledTimes(1);
    // A refetch reads anew.
    await refetch(result.current);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.data).toEqual({ points: 1 });
  });

  it("a prefetched answer still on its way is taken over, and another user's is never taken", async () => {
    let answer!: (v: string) => void;
    prefetchLiveRead(['slow'], () => new Promise<string>((r) => { answer = r; }));
    const load = vi.fn(async () => 'own');
    const { result } = renderHook(() => useLiveRead(['slow'], load));
    expect(result.current.status).toBe('loading');
    await act(async () => { answer('prefetched'); });
    await waitFor(() => expect(result.current.data).toBe('prefetched'));
    expect(load).not.toHaveBeenCalled();

    setSession(session('first'));
    prefetchLiveRead(['mine'], async () => 'secret of first');
    await Promise.resolve();
    await Promise.resolve();
    setSession(session('second'));
    const theirs = renderHook(() => useLiveRead(['mine'], async () => 'second\'s own'));
    expect(theirs.result.current.data).toBeUndefined();
    await waitFor(() => expect(theirs.result.current.data).toBe("second's own"));
  });
});
