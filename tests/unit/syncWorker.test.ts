import { describe, expect, it } from 'vitest';
import { isTokenExpired, pageMessage, workerMessage } from '../../src/data/workerMessages';

const jwt = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;

describe('service worker messages', () => {
  it('accepts the token hand-over and SKIP_WAITING, nothing else', () => {
    expect(workerMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
    expect(workerMessage({ type: 'token', token: 'abc', customerId: 'c', userId: 'u' })).toEqual({ type: 'token', token: 'abc', customerId: 'c', userId: 'u' });
    expect(workerMessage({ type: 'token', token: null, customerId: 'c', userId: 'u' })).toEqual({ type: 'token', token: null, customerId: 'c', userId: 'u' });
    expect(workerMessage({ type: 'token', token: 'abc', customerId: 'c' })).toBeNull();
    expect(workerMessage({ type: 'token', token: 5, customerId: 'c', userId: 'u' })).toBeNull();
    expect(workerMessage({ type: 'other' })).toBeNull();
    expect(workerMessage('SKIP_WAITING')).toBeNull();
    expect(workerMessage(null)).toBeNull();
  });

  it('the page takes only a well-formed replay status from the worker', () => {
    const state = { replaying: true, done: 2, total: 5 };
    expect(pageMessage({ type: 'replay-status', state })).toEqual({ type: 'replay-status', state });
    expect(pageMessage({ type: 'replay-status', state: { ...state, extra: 'x' } })).toEqual({ type: 'replay-status', state });
    expect(pageMessage({ type: 'replay-status', state: { ...state, done: -1 } })).toBeNull();
    expect(pageMessage({ type: 'replay-status', state: { ...state, total: 1.5 } })).toBeNull();
    expect(pageMessage({ type: 'replay-status', state: { ...state, replaying: 'yes' } })).toBeNull();
    expect(pageMessage({ type: 'replay-status' })).toBeNull();
    expect(pageMessage({ type: 'token', token: 't', customerId: 'c', userId: 'u' })).toBeNull();
    expect(pageMessage(null)).toBeNull();
  });

  it('knows an expired token (30 s early) from a live one', () => {
    const now = Date.UTC(2025, 0, 1, 12);
    expect(isTokenExpired(jwt({ exp: now / 1000 + 3600 }), now)).toBe(false);
    expect(isTokenExpired(jwt({ exp: now / 1000 + 10 }), now)).toBe(true);
    expect(isTokenExpired(jwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(jwt({ sub: 'x' }), now)).toBe(false);
    expect(isTokenExpired('opaque-token', now)).toBe(false);
  });
});
