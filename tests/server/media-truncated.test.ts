/**
 * A picture whose header promises pixels its file does not hold (issue "Under load and hostile
 * input"): a 283-byte JPEG claiming 4800×4800 with no scan data was once stored as a grey 1920×1920
 * picture. It is refused as any unreadable picture is (400, body/mediafile), nothing stored; a
 * camera JPEG with a harmless decoder warning is still taken.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/api';
import { mediaAssets } from '../../server/db/schema';
import { checkImage } from '../../server/media/image';
import { tokenClaims } from '../helpers/app';
import { createJob, startDemo, type Demo } from './jobs-fixtures';

/** A JPEG marker segment: FF, the marker, its length (itself included) and its data. */
function segment(marker: number, data: Buffer | number[]): Buffer {
  const body = Buffer.from(data);
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A well-formed JPEG up to its first scan's header, claiming `size`×`size` pixels (baseline, 4:2:0),
 * then no entropy-coded data at all: only the end marker, or (endMarker false) nothing.
 */
function headerOnlyJpeg(size: number, { endMarker = true, bytes }: { endMarker?: boolean; bytes?: number } = {}): Buffer {
  const parts = [
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0, ...Array(64).fill(1), 1, ...Array(64).fill(1)]),
    segment(0xc0, [8, size >> 8, size & 0xff, size >> 8, size & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    // The standard luminance DC table, and an AC table holding only end-of-block.
    segment(0xc4, [0x00, 0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    segment(0xc4, [0x10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  ];
  const sos = segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);
  const end = endMarker ? Buffer.from([0xff, 0xd9]) : Buffer.alloc(0);
  const length = (more: Buffer[]) => Buffer.concat([...parts, ...more, sos, end]).length;
  // A comment pads the file to the size asked for.
  if (bytes !== undefined) parts.push(segment(0xfe, Buffer.alloc(bytes - length([]) - 4, 'x')));
  return Buffer.concat([...parts, sos, end]);
}

const cameraJpeg = () => sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 120, b: 60 } } })
  .composite([{ input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#c33"/></svg>') }])
  .jpeg({ quality: 85 }).withMetadata({ orientation: 1 }).toBuffer();

describe('checkImage: a picture without its image data', () => {
  it('refuses the 283-byte JPEG whose header claims 4800×4800 and holds no scan data', async () => {
    const jpeg = headerOnlyJpeg(4800, { bytes: 283 });
    expect(jpeg.length).toBe(283);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 4800, height: 4800 });
    await expect(checkImage(jpeg)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^body\/mediafile is not a readable image: .*premature end/) });
  });

  it('refuses it also as small as the device sends (kept byte for byte when clean), and without its end marker', async () => {
    await expect(checkImage(headerOnlyJpeg(1920))).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^body\/mediafile is not a readable image/) });
    await expect(checkImage(headerOnlyJpeg(4800, { endMarker: false }))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a camera JPEG cut in half with its end marker put back (a grey bottom half)', async () => {
    const whole = await cameraJpeg();
    const cut = Buffer.concat([whole.subarray(0, Math.floor(whole.length / 2)), Buffer.from([0xff, 0xd9])]);
    await expect(checkImage(cut)).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/premature end/) });
  });

  it('still takes camera JPEGs, one with stray bytes before a marker (a warning that loses no pixel) too', async () => {
    const whole = await cameraJpeg();
    expect(await checkImage(whole)).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1200 });
    const sos = whole.indexOf(Buffer.from([0xff, 0xda]));
    const stray = Buffer.concat([whole.subarray(0, sos), Buffer.from([0x00, 0x11, 0x22]), whole.subarray(sos)]);
    await expect(sharp(stray, { failOn: 'warning' }).raw().toBuffer()).rejects.toThrow(/extraneous bytes before marker/);
    expect(await checkImage(stray)).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1200 });
  });
});

describe('POST /api/media', () => {
  let demo: Demo;
  let dataDir: string;
  let job: Job;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-media-truncated-'));
    demo = await startDemo({ dataDir });
    job = await createJob(demo, 'kari', 'ola');
  });
  afterAll(async () => {
    await demo?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer) => {
    const token = await demo.token('ola');
    const form = new FormData();
    form.append('moduleId', 'VA');
    form.append('matrikkelenhetsId', String(job.matrikkel.matrikkelenhetId));
    form.append('customProps', JSON.stringify({ meterNumber: '0032548', taskId: job.jobTasks[0].taskId, waterMeterType: 'new', imageType: 'overview' }));
    form.append('mediafile', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${demo.t.baseUrl}/api/media`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) } });
    return { status: res.status, body: await res.json() };
  };

  it('answers 400 naming the file as unreadable, and stores nothing; a camera JPEG is stored', async () => {
    const before = await demo.t.database.db.$count(mediaAssets);
    const res = await upload(headerOnlyJpeg(4800, { bytes: 283 }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'body/mediafile', message: expect.stringMatching(/^body\/mediafile is not a readable image/) });
    expect(await demo.t.database.db.$count(mediaAssets)).toBe(before);
    const ok = await upload(await cameraJpeg());
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ width: 1600, height: 1200 });
  }, 60_000);
});
