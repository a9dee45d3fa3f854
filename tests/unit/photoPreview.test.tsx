// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
/**
 * The photo preview's capture date and opening (issue 12): changing only the day keeps the camera's
 * time to the second; a date in the future is refused; the preview opens with focus on Close, not in
 * the date field (a phone's keyboard); a photo without make or model has no stray "·" in its caption.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { metadataFrom } from '../../src/data/photos/processing';
import type { StoredPhoto } from '../../src/data/photos/types';
import { DateTimeField } from '../../src/features/jobs/components/DateTimeField';
import { ImageStrip, photoCaption } from '../../src/features/jobs/components/ImageStrip';
import { system } from '../../src/ui/system';

const wrap = (ui: ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function typeInto(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
  fireEvent.blur(input);
}

describe('the capture date field', () => {
  it('keeps the camera\'s minutes and seconds when only the day changes', () => {
    const onChange = vi.fn();
    wrap(<DateTimeField label="Tatt" testId="taken" value={new Date(2026, 10, 20, 14, 49, 51, 250)} onChange={onChange} noFuture />);
    typeInto(screen.getByTestId('taken'), '19.11.2026');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0]).toEqual(new Date(2026, 10, 19, 14, 49, 51, 250));
  });

  it('takes the time the user types, to the minute', () => {
    const onChange = vi.fn();
    wrap(<DateTimeField label="Tatt" testId="taken" value={new Date(2026, 10, 20, 14, 49, 51)} onChange={onChange} noFuture />);
    typeInto(screen.getByTestId('taken-time'), '09:30');
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual(new Date(2026, 10, 20, 9, 30, 0, 0));
  });

  it('refuses a date in the future and says why', () => {
    const onChange = vi.fn();
    wrap(<DateTimeField label="Tatt" testId="taken" value={new Date(2026, 10, 20, 14, 49, 51)} onChange={onChange} noFuture />);
    typeInto(screen.getByTestId('taken'), '24.12.2030');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('taken').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a time later today that is still to come', () => {
    const now = new Date();
    const onChange = vi.fn();
    wrap(<DateTimeField label="Tatt" testId="taken" value={new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 0)} onChange={onChange} noFuture />);
    const later = new Date(now.getTime() + 2 * 60 * 60_000);
    // Near midnight two hours on is tomorrow: the day field refuses that instead.
    if (later.getDate() !== now.getDate()) return;
    typeInto(screen.getByTestId('taken-time'), `${String(later.getHours()).padStart(2, '0')}:00`);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('the photo preview', () => {
  it('opens with focus on Close, not in the date field, and a caption without a stray "·"', async () => {
    const bytes = new TextEncoder().encode('jpeg');
    const photo: StoredPhoto = {
      assetId: '0b9e0c7c-44a5-4f3e-9b0a-2f0d3c1c0e11', jobId: '1b9e0c7c-44a5-4f3e-9b0a-2f0d3c1c0e11', taskId: '2b9e0c7c-44a5-4f3e-9b0a-2f0d3c1c0e11',
      matrikkelenhetsId: 12345, imageType: 'deviation', meterKind: 'deviation', meterNumber: null, fileName: 'a.jpg',
      blob: new Blob([bytes], { type: 'image/jpeg' }), thumb: new Blob([bytes], { type: 'image/jpeg' }), sha256: '0'.repeat(64),
      metadata: { ...metadataFrom(null, { width: 640, height: 480, bytes: 4 }), metadataCapturedDate: new Date(2026, 10, 20, 14, 49, 51).toISOString() },
      createdAt: new Date().toISOString(), state: 'local',
    };
    await db.photos.put(photo);
    // The pictures themselves are not drawn here (happy-dom's Blob is not Node's).
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const { target } = { target: { jobId: photo.jobId, taskId: photo.taskId, matrikkelenhetsId: 12345, imageType: 'deviation' as const, meterKind: 'deviation' as const, meterNumber: null } };
    wrap(<ImageStrip target={target} title="Bilder av avviket" />);
    const open = await screen.findByTestId('photo-open');
    await act(async () => { fireEvent.click(open); });
    const close = await screen.findByTestId('photo-preview-close');
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(document.activeElement).not.toBe(screen.getByTestId('photo-capture-date'));
    expect(screen.getByTestId('photo-caption').textContent).toBe('640×480');
  });

  it('captions make, model and size', () => {
    expect(photoCaption({ deviceMake: 'Apple', deviceModel: 'iPhone 15', width: 1920, height: 1440 })).toBe('Apple iPhone 15 · 1920×1440');
    expect(photoCaption({ deviceMake: null, deviceModel: 'SM-G991B', width: 1440, height: 1920 })).toBe('SM-G991B · 1440×1920');
  });
});
