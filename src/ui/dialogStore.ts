/**
 * The shared dialogs as promises (spec 1 §2: error, success, confirm, warning, custom content).
 * One dialog shows at a time; later requests wait in order. Kept free of React rendering so the
 * queue can be tested alone; DialogHost renders the head of the queue.
 */
import type { ReactNode } from 'react';

export type DialogKind = 'error' | 'success' | 'confirm' | 'warning' | 'custom';

export interface DialogOptions {
  title?: string;
  message?: string;
  confirmText?: string;
  /** Shown only for kinds that offer a way out (confirm, warning and custom when given). */
  cancelText?: string;
}

export interface CustomDialogOptions extends DialogOptions {
  /** Body of the dialog; a function receives `close` so the content can answer itself. */
  content: ReactNode | ((close: (result: boolean) => void) => ReactNode);
}

export interface DialogRequest extends DialogOptions {
  id: number;
  kind: DialogKind;
  content?: CustomDialogOptions['content'];
}

interface Pending {
  request: DialogRequest;
  resolve: (result: boolean) => void;
}

let nextId = 1;
let queue: Pending[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog to show now, or null. */
export function currentDialog(): DialogRequest | null {
  return queue[0]?.request ?? null;
}

export function openDialog(kind: DialogKind, options: DialogOptions & { content?: CustomDialogOptions['content'] }): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    queue = [...queue, { request: { ...options, kind, id: nextId++ }, resolve }];
    emit();
  });
}

/** Answers a dialog: true for the confirming action, false for cancel, Escape or the close button. */
export function closeDialog(id: number, result: boolean): void {
  const entry = queue.find((p) => p.request.id === id);
  if (!entry) return;
  queue = queue.filter((p) => p !== entry);
  entry.resolve(result);
  emit();
}

/** Yes/Cancel question; resolves true only when the user confirms. */
export function confirm(options: DialogOptions): Promise<boolean> {
  return openDialog('confirm', options);
}

export function showWarning(options: DialogOptions): Promise<boolean> {
  return openDialog('warning', options);
}

export async function showError(options: DialogOptions): Promise<void> {
  await openDialog('error', options);
}

export async function showSuccess(options: DialogOptions): Promise<void> {
  await openDialog('success', options);
}

export function showCustom(options: CustomDialogOptions): Promise<boolean> {
  return openDialog('custom', options);
}
