import { describe, expect, it } from 'vitest';
import { resolveSnackbarDuration, SNACKBAR_PLACEMENT, STANDARD_SNACKBAR_MS } from '../../src/ui/snackbarCore';

describe('snackbar rules (spec 1 §9)', () => {
  it('uses the duration given, else 5000 ms', () => {
    expect(resolveSnackbarDuration(1234)).toBe(1234);
    expect(resolveSnackbarDuration()).toBe(5000);
  });
  it('shows standard messages for 3000 ms at the bottom left', () => {
    expect(STANDARD_SNACKBAR_MS).toBe(3000);
    expect(SNACKBAR_PLACEMENT).toBe('bottom-start');
  });
});
