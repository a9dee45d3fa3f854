import 'fake-indexeddb/auto';
/**
 * The device's photo pipeline around its worker (src/data/photos): the 1920 px limit it asks for and
 * the sizes that gives, and the metadata a stored picture carries (issue 12): upright (orientation 1),
 * its own size after a rotation, no capture date in the future. The worker's canvas work needs a
 * browser (tests/e2e/taskforms.spec.ts); here a stand-in answers as it does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { cancelScheduledReplay } from '../../src/data/replay';
import { processPhoto } from '../../src/data/photos/process';
import sharp from 'sharp';
import { decodeSize, fitWithin, HEADER_BYTES, jpegDecodeSize, metadataFrom, storedSize, uprightSize } from '../../src/data/photos/processing';
import { CaptureDateInFuture, rotatePhoto, setPhotoCaptureDate } from '../../src/data/photos/store';
import type { StoredPhoto } from '../../src/data/photos/types';
import type { PhotoJob, PhotoJobResult } from '../../src/data/photos/worker-protocol';
import { configureTransport } from '../../src/data/transport';
import { MAX_IMAGE_SIDE } from '../../src/domain/media';

/** The jobs the page gave the worker; it answers each as the real one would for a 640×480 picture. */
const jobs: PhotoJob[] = [];
class StandInWorker {
  onmessage: ((e: MessageEvent<PhotoJobResult>) => void) | null = null;
  postMessage(job: PhotoJob) {
    jobs.push(job);
    const quarter = job.rotate === 90 || job.rotate === 270;
    const size = fitWithin(quarter ? 480 : 640, quarter ? 640 : 480, job.maxSide);
    const blob = new Blob([`turned ${job.rotate ?? 0}`], { type: 'image/jpeg' });
    const result: PhotoJobResult = {
      id: job.id, ok: true, blob, thumb: blob, sha256: `hash-${job.rotate ?? 0}`, ms: 1,
      metadata: metadataFrom({ Orientation: 6, Make: 'Apple' }, { ...size, bytes: blob.size }),
    };
    queueMicrotask(() => this.onmessage?.({ data: result } as MessageEvent<PhotoJobResult>));
  }
}

const plumber: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};

beforeAll(() => {
  vi.stubGlobal('Worker', StandInWorker);
  // In the basement: nothing is sent while these tests look at the queue.
  vi.stubGlobal('navigator', { onLine: false });
  configureTransport({ baseUrl: 'http://api.test' });
  setSession(plumber);
  setAccessTokenProvider(async () => 'token-ola');
});

afterAll(() => {
  cancelScheduledReplay();
  vi.unstubAllGlobals();
});

beforeEach(async () => {
  jobs.length = 0;
  await Promise.all([db.outbox.clear(), db.photos.clear()]);
});

describe('the 1920 px limit', () => {
  it('is what the page asks the worker for', async () => {
    await processPhoto(new Blob(['x']));
    expect(MAX_IMAGE_SIDE).toBe(1920);
    expect(jobs.map((j) => j.maxSide)).toEqual([1920]);
  });

  it('brings the longer side of a 12-megapixel photo to 1920, either way round, and never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1440, height: 1920 });
    expect(fitWithin(4032, 1816)).toEqual({ width: 1920, height: 865 });
    expect(fitWithin(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(20000, 1)).toEqual({ width: 1920, height: 1 });
  });
});

describe('the 1920 px limit in what the worker asks the browser to decode (issue 12 §5)', () => {
  const head = (b: Buffer) => new Uint8Array(b.subarray(0, HEADER_BYTES));

  it('reads a camera JPEG\'s size from its header, behind its EXIF, as stored (not turned)', async () => {
    const camera = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#4a7' } }).jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 }).withExifMerge({ IFD0: { Make: 'BenchCam', Model: 'BC-12MP', Software: 'x'.repeat(20_000) } }).toBuffer();
    expect(storedSize(head(camera))).toEqual({ width: 4032, height: 3024, type: 'image/jpeg' });
    const progressive = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#48a' } }).jpeg({ progressive: true }).toBuffer();
    expect(storedSize(head(progressive))).toEqual({ width: 3000, height: 4000, type: 'image/jpeg' });
    const png = await sharp({ create: { width: 2500, height: 1200, channels: 4, background: '#fff0' } }).png().toBuffer();
    expect(storedSize(head(png))).toEqual({ width: 2500, height: 1200, type: 'image/png' });
    // HEIC, text, a cut-off JPEG: unknown, so the worker decodes the whole picture to learn its size.
    expect(storedSize(new TextEncoder().encode('\0\0\0\x18ftypheic'))).toBeNull();
    expect(storedSize(new TextEncoder().encode('hello'))).toBeNull();
    expect(storedSize(head(camera).subarray(0, 40))).toBeNull();
  });

  it('turns the size for EXIF orientations 5–8 only', () => {
    const stored = { width: 4032, height: 3024 };
    expect([1, 2, 3, 4, undefined, 'x'].map((o) => uprightSize(stored, o))).toEqual(Array(6).fill({ width: 4032, height: 3024 }));
    expect([5, 6, 7, 8].map((o) => uprightSize(stored, o))).toEqual(Array(4).fill({ width: 3024, height: 4032 }));
  });

  it('asks for the upright picture\'s longer side at 1920, never more, and nothing for a picture within it', () => {
    expect(decodeSize({ width: 4032, height: 3024 })).toEqual({ resizeWidth: 1920 });
    expect(decodeSize({ width: 3024, height: 4032 })).toEqual({ resizeHeight: 1920 });
    expect(decodeSize({ width: 1921, height: 1921 })).toEqual({ resizeWidth: 1920 });
    expect(decodeSize({ width: 1920, height: 1080 })).toBeNull();
    expect(decodeSize({ width: 1080, height: 1920 })).toBeNull();
    expect(decodeSize({ width: 4000, height: 3000 }, MAX_IMAGE_SIDE)).toEqual(decodeSize({ width: 4000, height: 3000 }));
  });

  it('decodes a JPEG at the smallest eighth that still reaches 1920 px', () => {
    // 4/8 of 4032 is 2016 (3/8 would be 1512, too small); then a slight resize to 1920.
    expect(jpegDecodeSize({ width: 4032, height: 3024 })).toEqual({ width: 2016, height: 1512 });
    expect(jpegDecodeSize({ width: 3024, height: 4032 })).toEqual({ width: 1512, height: 2016 });
    expect(jpegDecodeSize({ width: 8000, height: 6000 })).toEqual({ width: 2000, height: 1500 });
    // Seven eighths of 2100 is 1838: the whole picture it is.
    expect(jpegDecodeSize({ width: 2100, height: 1400 })).toBeNull();
    expect(jpegDecodeSize({ width: 1920, height: 1440 })).toBeNull();
  });
});

describe('the metadata of a stored picture', () => {
  it('is upright whatever the camera\'s orientation, with the stored size', () => {
    const m = metadataFrom({ Orientation: 6, Make: 'Apple', Model: 'iPhone 15', DateTimeOriginal: new Date('2026-11-20T13:49:51Z') }, { width: 1440, height: 1920, bytes: 512_000 });
    expect(m).toMatchObject({ orientation: 1, width: 1440, height: 1920, sizeInBytes: 512_000, deviceMake: 'Apple', metadataCapturedDate: '2026-11-20T13:49:51.000Z' });
  });

  it('has no capture date from a camera clock set in the future', () => {
    const now = new Date('2026-11-25T08:00:00Z');
    expect(metadataFrom({ DateTimeOriginal: new Date('2030-12-24T13:49:51Z') }, { width: 1, height: 1, bytes: 1 }, now).metadataCapturedDate).toBeNull();
    expect(metadataFrom({ DateTimeOriginal: new Date('2026-11-25T07:59:00Z') }, { width: 1, height: 1, bytes: 1 }, now).metadataCapturedDate).toBe('2026-11-25T07:59:00.000Z');
  });

  it('after "rotate 90°" is the turned picture: its size and bytes, upright', async () => {
    const bytes = new Blob(['camera picture, 640×480']);
    const photo: StoredPhoto = {
      assetId: '0b9e0c7c-44a5-4f3e-9b0a-2f0d3c1c0e11', jobId: '1b9e0c7c-44a5-4f3e-9b0a-2f0d3c1c0e11', taskId: '2b9e0c7c-44a5-4f3e-9b0a-2f0d3c1c0e11',
      matrikkelenhetsId: 12345, imageType: 'deviation', meterKind: 'deviation', meterNumber: null, fileName: 'a.jpg',
      blob: bytes, thumb: bytes, sha256: 'hash-0', createdAt: new Date().toISOString(), state: 'local',
      // As stored before issue 12: the camera's orientation kept for pixels already upright.
      metadata: { ...metadataFrom(null, { width: 640, height: 480, bytes: 6011 }), orientation: 6 },
    };
    await db.photos.put(photo);
    await rotatePhoto(photo, 90);
    const turned = (await db.photos.get(photo.assetId))!;
    expect(jobs.at(-1)).toMatchObject({ rotate: 90, maxSide: 640 });
    expect(turned.metadata).toMatchObject({ width: 480, height: 640, sizeInBytes: turned.blob!.size, orientation: 1 });
    expect((await db.outbox.toArray()).map((e) => e.type)).toEqual(['rotatePhoto']);
  });

  it('takes no capture date in the future from the preview either', async () => {
    const photo = { assetId: '0b9e0c7c-44a5-4f3e-9b0a-2f0d3c1c0e11' } as StoredPhoto;
    await expect(setPhotoCaptureDate(photo, new Date('2030-12-24T13:49:51Z'), new Date('2026-11-25T08:00:00Z'))).rejects.toBeInstanceOf(CaptureDateInFuture);
    expect(await db.outbox.count()).toBe(0);
  });
});
