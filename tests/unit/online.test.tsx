// @vitest-environment happy-dom
/** useOnline (src/data/online.ts): the screens follow the browser's online and offline events. */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnline } from '../../src/data/online';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useOnline', () => {
  it('reads navigator.onLine and renders again when the browser goes offline and back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    onLine.mockReturnValue(false);
    act(() => { globalThis.dispatchEvent(new Event('offline')); });
    expect(result.current).toBe(false);
    onLine.mockReturnValue(true);
    act(() => { globalThis.dispatchEvent(new Event('online')); });
    expect(result.current).toBe(true);
  });
});
