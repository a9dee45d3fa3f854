import { describe, expect, it } from 'vitest';
import {
  closeDialog, confirm, currentDialog, showCustom, showError, showSuccess, showWarning, subscribeDialogs,
} from '../../src/ui/dialogStore';

describe('shared dialogs', () => {
  it('confirm resolves true when confirmed and false when cancelled', async () => {
    const yes = confirm({ title: 'Approve?', message: 'Sure?' });
    const first = currentDialog();
    expect(first).toMatchObject({ kind: 'confirm', title: 'Approve?', message: 'Sure?' });
    closeDialog(first!.id, true);
    await expect(yes).resolves.toBe(true);

    const no = confirm({ title: 'Reject?' });
    closeDialog(currentDialog()!.id, false);
    await expect(no).resolves.toBe(false);
    expect(currentDialog()).toBeNull();
  });

  it('shows one dialog at a time, in the order asked', async () => {
    const err = showError({ title: 'E', message: 'broken' });
    const ok = showSuccess({ title: 'S' });
    const warn = showWarning({ title: 'W', cancelText: 'Cancel' });
    const custom = showCustom({ title: 'C', content: 'body' });
    const kinds: string[] = [];
    while (currentDialog()) {
      const d = currentDialog()!;
      kinds.push(d.kind);
      closeDialog(d.id, d.kind === 'warning');
    }
    expect(kinds).toEqual(['error', 'success', 'warning', 'custom']);
    await expect(err).resolves.toBeUndefined();
    await expect(ok).resolves.toBeUndefined();
    await expect(warn).resolves.toBe(true);
    await expect(custom).resolves.toBe(false);
  });

  it('notifies subscribers and ignores answers to dialogs already closed', async () => {
    let calls = 0;
    const off = subscribeDialogs(() => calls++);
    const p = confirm({ title: 'x' });
    const id = currentDialog()!.id;
    closeDialog(id, true);
    closeDialog(id, false);
    off();
    await expect(p).resolves.toBe(true);
    expect(calls).toBe(2);
  });
});
