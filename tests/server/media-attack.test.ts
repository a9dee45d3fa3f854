/**
 * Media under attack (issue 13): image bombs refused by their header with the server's memory
 * watched, decoding bounded to a few images at once, hostile trailing bytes and metadata not stored
 * (while the device's own JPEG is kept byte for byte, so its hash check holds), images not moved
 * into another plumber's task, an upper-case asset id, the company's storage quota, and files made
 * durable before their row. The server runs in this process, so its RSS is this process's.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/domain/api';
import { objectIdOf } from '../../src/domain/media';
import { mediaAssets } from '../../server/db/schema';
import { checkImage, DECODE_QUEUE, DECODE_SLOTS, MAX_INPUT_PIXELS } from '../../server/media/image';
import { TooManyError } from '../../server/http/errors';
import { DiskMediaStore } from '../../server/media/store';
import { tokenClaims } from '../helpers/app';
import { createJob, startDemo, type Demo, type Person } from './jobs-fixtures';

const QUOTA = 3 * 1024 * 1024;
let demo: Demo;
let dataDir: string;
let olaJob: Job;
let perJob: Job;
let noraJob: Job;
let photo: Buffer;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;
const mediaFiles = () => (fs.existsSync(path.join(dataDir, 'media')) ? fs.readdirSync(path.join(dataDir, 'media'), { recursive: true }).filter((f) => String(f).match(/\.(jpg|png)$/)).length : 0);
const rows = () => demo.t.database.db.$count(mediaAssets);

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A valid PNG of zeros, compressed row by row so that making it never holds the raw picture. */
async function pngBomb(width: number, height: number, bitDepth: 8 | 16, colorType: 0 | 6): Promise<Buffer> {
  const channels = colorType === 0 ? 1 : 4;
  const row = Buffer.alloc(1 + (width * channels * bitDepth) / 8);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colorType;
  const deflate = zlib.createDeflate({ level: 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y++) {
    for (let o = 0; o < row.length; o += MB) {
      if (!deflate.write(row.subarray(o, o + MB))) await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await ended;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG as Chromium's canvas writes it on the device: JFIF header, an sRGB ICC profile, the picture. */
async function deviceJpeg(w: number, h: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 110, b: 190 } } }).jpeg({ quality: 80 }).withIccProfile('srgb').toBuffer();
  const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([jpeg.subarray(0, 2), jfif, jpeg.subarray(2)]);
}

/** Where a JPEG's EOI marker ends (the first FFD9 after the last scan: our test pictures have one). */
const jpegEnd = (b: Buffer) => b.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-media-attack-'));
  demo = await startDemo({ dataDir, mediaQuotaBytes: QUOTA });
  olaJob = await createJob(demo, 'kari', 'ola');
  perJob = await createJob(demo, 'kari', 'per');
  noraJob = await createJob(demo, 'lars', 'nora');
  photo = await deviceJpeg(800, 600);
});
afterAll(async () => {
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function send(p: Person, method: string, url: string, file: Buffer | null, fields: Record<string, string>) {
  const token = await demo.token(p);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('mediafile', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${demo.t.baseUrl}${url}`, { method, body: form, headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) } });
  const text = await res.text();
  return { status: res.status, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

const props = (job: Job, meterNumber = '0032548') => ({ meterNumber, taskId: job.jobTasks[0].taskId, waterMeterType: 'new', imageType: 'overview' }) as const;
const fieldsFor = (job: Job, extra: Record<string, string> = {}) => ({
  moduleId: 'VA', matrikkelenhetsId: String(job.matrikkel.matrikkelenhetId), customProps: JSON.stringify(props(job)), ...extra,
});
const upload = (p: Person, job: Job, bytes: Buffer, extra: Record<string, string> = {}) => send(p, 'POST', '/api/media', bytes, fieldsFor(job, extra));
const storedFile = async (p: Person, job: Job, assetId: string) =>
  Buffer.from((await demo.api(p, 'GET', `/api/media/module/VA/matrikkelenhet/${job.matrikkel.matrikkelenhetId}/${assetId}`)).body.fileContent, 'base64');

/** The highest RSS seen while `work` runs, sampled every few milliseconds. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 2);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rss()) };
  } finally {
    clearInterval(timer);
  }
}

describe('image bombs', () => {
  it('refuses pictures too large or too narrow by their header, before decoding: memory stays flat, nothing stored', async () => {
    // 100,000,000×1 (97 KB) and 10000×10000 at 16 bits RGBA (778 KB): 0.1 and 0.8 GB once decoded.
    const ribbon = await pngBomb(100_000_000, 1, 8, 0);
    const square = await pngBomb(10_000, 10_000, 16, 6);
    const narrow = await pngBomb(20_000, 2, 8, 0);
    expect(square.length).toBeLessThan(MB);
    const [before, files] = [await rows(), mediaFiles()];
    const base = rss();
    const { result, peak } = await peakRss(() => Promise.all([
      upload('ola', olaJob, ribbon),
      ...Array.from({ length: 8 }, () => upload('ola', olaJob, square)),
      upload('ola', olaJob, narrow),
    ]));
    console.info(`bombs: RSS ${Math.round(base / MB)} MB before, peak ${Math.round(peak / MB)} MB (+${Math.round((peak - base) / MB)} MB)`);
    expect(result.map((r) => r.status)).toEqual(Array(10).fill(400));
    expect(result[0].body.message).toBe(`body/mediafile is 100000000×1 pixels: more than the ${MAX_INPUT_PIXELS / 1_000_000} megapixels the server takes`);
    expect(result[1].body.message).toMatch(/body\/mediafile is 10000×10000 pixels: more than/);
    expect(result[9].body.message).toMatch(/body\/mediafile is 20000×2 pixels: one side is more than 10 times the other/);
    // Decoding the ribbon takes 100 MB, a square 800 MB; the bodies themselves are on both ends of this process.
    expect(peak - base).toBeLessThan(100 * MB);
    expect(await rows()).toBe(before);
    expect(mediaFiles()).toBe(files);
  }, 120_000);

  it('answers 400, not 500, for a picture that fails while it is decoded', async () => {
    const good = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#888' } }).png().toBuffer();
    const idat = good.indexOf('IDAT');
    const broken = Buffer.from(good);
    broken.fill(0x55, idat + 4, idat + 40);
    const res = await upload('ola', olaJob, broken);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^body\/mediafile is not a readable image/);
  });

  it(`decodes at most ${DECODE_SLOTS} images at once, however many arrive together`, async () => {
    // Plain colours: quick to send and small once stored, still a 6-megapixel decode each.
    const scene = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 20, g: 120, b: 200 } } }).jpeg({ quality: 90 }).toBuffer();
    let most = 0;
    const timer = setInterval(() => {
      most = Math.max(most, sharp.counters().process);
    }, 1);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => upload('ola', olaJob, scene)));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
      expect(answers.map((a) => [a.body.width, a.body.height])).toEqual(Array(8).fill([1920, 1280]));
    } finally {
      clearInterval(timer);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(DECODE_SLOTS);
  }, 120_000);

  it(`past the decoders and ${DECODE_QUEUE} waiting, an image is told to come back (429 with Retry-After)`, async () => {
    const scene = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#468' } }).jpeg().toBuffer();
    const results = await Promise.allSettled(Array.from({ length: DECODE_SLOTS + DECODE_QUEUE + 4 }, () => checkImage(scene)));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(results.length - refused.length).toBeGreaterThanOrEqual(DECODE_SLOTS + DECODE_QUEUE);
    expect(refused.length).toBeGreaterThan(0);
    for (const err of refused) expect(err).toMatchObject({ constructor: TooManyError, statusCode: 429, retryAfterSeconds: 5 });
  }, 120_000);
});

describe('what is stored', () => {
  it('keeps the device\'s JPEG (JFIF, sRGB profile, nothing after it) byte for byte: its hash is the device\'s', async () => {
    const res = await upload('ola', olaJob, photo);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentHash: sha(photo), receivedHash: sha(photo), sizeInBytes: photo.length, width: 800, height: 600 });
    expect((await storedFile('ola', olaJob, res.body.assetId)).equals(photo)).toBe(true);
  });

  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const hostile: [string, () => Promise<Buffer>][] = [
    ['a JPEG followed by 5 MB of zeros', async () => Buffer.concat([photo, Buffer.alloc(5 * MB)])],
    ['a JPEG followed by an HTML page', async () => Buffer.concat([photo, html])],
    ['a PNG followed by an HTML page', async () => Buffer.concat([await sharp(photo).png().toBuffer(), html])],
    ['a JPEG with a comment holding an HTML page', async () => Buffer.concat([photo.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, html.length + 2]), html, photo.subarray(2)])],
    ['a JPEG with EXIF (a GPS position and the camera)', async () => sharp(photo).withExif({ IFD0: { Make: 'Spy', Model: 'Cam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1' } }).jpeg().toBuffer()],
  ];
  for (const [name, make] of hostile) {
    it(`stores ${name} re-encoded, without the extra bytes; the answer names the bytes received`, async () => {
      const sent = await make();
      const res = await upload('ola', olaJob, sent);
      expect(res.status).toBe(201);
      expect(res.body.receivedHash).toBe(sha(sent));
      const stored = await storedFile('ola', olaJob, res.body.assetId);
      expect(res.body.contentHash).toBe(sha(stored));
      expect(stored.equals(sent)).toBe(false);
      expect(stored.includes('<html')).toBe(false);
      expect(stored.includes('Spy')).toBe(false);
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height, meta.exif, meta.comments]).toEqual([800, 600, undefined, undefined]);
      if (meta.format === 'jpeg') expect(jpegEnd(stored)).toBe(stored.length);
    });
  }

  it('stores a camera JPEG turned by its EXIF orientation upright, without the EXIF', async () => {
    const sent = await sharp(photo).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await upload('ola', olaJob, sent);
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([600, 800]);
    const meta = await sharp(await storedFile('ola', olaJob, res.body.assetId)).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([600, 800, undefined, undefined]);
  });
});

describe('object ids, asset ids', () => {
  it('an image cannot be renamed into another plumber\'s task, so that plumber can still delete by object id', async () => {
    const mine = (await upload('ola', olaJob, photo, { customProps: JSON.stringify(props(olaJob, '5550001')) })).body;
    const his = (await upload('per', perJob, photo, { customProps: JSON.stringify(props(perJob, '5550002')) })).body;
    expect(perJob.matrikkel.matrikkelenhetId).toBe(olaJob.matrikkel.matrikkelenhetId);
    const intoPers = await send('ola', 'PUT', '/api/media', null, {
      moduleId: 'VA', matrikkelenhetsId: String(olaJob.matrikkel.matrikkelenhetId), CurrentObjectId: mine.objectId, NewObjectId: his.objectId,
    });
    expect(intoPers.status).toBe(400);
    expect(intoPers.body.message).toMatch(/^body\/NewObjectId must differ from CurrentObjectId only in the serial/);
    const [row] = await demo.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, mine.assetId));
    expect(row.objectId).toBe(objectIdOf(props(olaJob, '5550001') as never));
    // A new serial on his own image is still a rename.
    const serial = await send('ola', 'PUT', '/api/media', null, {
      moduleId: 'VA', matrikkelenhetsId: String(olaJob.matrikkel.matrikkelenhetId), CurrentObjectId: mine.objectId, NewObjectId: objectIdOf(props(olaJob, '5550009') as never),
    });
    expect(serial.status).toBe(200);
    const del = await demo.api('per', 'DELETE', `/api/media?moduleId=VA&matrikkelenhetsId=${perJob.matrikkel.matrikkelenhetId}&CurrentObjectId=${his.objectId}`);
    expect(del.status).toBe(200);
    expect(del.body.deleted).toEqual([his.assetId]);
  });

  it('takes an upper-case asset id as the same UUID, in lower case', async () => {
    const id = crypto.randomUUID();
    const res = await upload('ola', olaJob, photo, { assetId: id.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.assetId).toBe(id);
    const again = await upload('ola', olaJob, photo, { assetId: id.toUpperCase() });
    expect(again.status).toBe(409);
    const del = await demo.api('ola', 'DELETE', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}/${id.toUpperCase()}`);
    expect(del.status).toBe(200);
  });
});

describe('storage quota per company', () => {
  it('refuses an upload past the company\'s quota with 413 and its errorKey, stores nothing, and takes it again once there is room', async () => {
    // Noise does not compress: about 1.4 MB as PNG, so the quota of 3 MB takes two.
    const big = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(QUOTA / 3);
    const first = await upload('nora', noraJob, big);
    const second = await upload('nora', noraJob, big);
    expect([first.status, second.status]).toEqual([201, 201]);
    const [before, files] = [await rows(), mediaFiles()];
    const third = await upload('nora', noraJob, big);
    expect(third.status).toBe(413);
    expect(third.body).toMatchObject({ statusCode: 413, error: 'Content Too Large', errorKey: 'MediaQuotaExceeded' });
    expect(third.body.message).toMatch(/^The company's image storage is full \(\d+ of 3 MB used\)/);
    expect(await rows()).toBe(before);
    expect(mediaFiles()).toBe(files);
    // Another company's room is its own.
    expect((await upload('ola', olaJob, photo)).status).toBe(201);
    const del = await demo.api('nora', 'DELETE', `/api/media/module/VA/matrikkelenhet/${noraJob.matrikkel.matrikkelenhetId}/${first.body.assetId}`);
    expect(del.status).toBe(200);
    expect((await upload('nora', noraJob, big)).status).toBe(201);
  });
});

describe('files on disk', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a file is fsynced before it takes its key, and its directories after, so a committed row never lacks its file', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-store-'));
    const events: string[] = [];
    const open = fs.promises.open.bind(fs.promises);
    vi.spyOn(fs.promises, 'open').mockImplementation(async (file, flags, mode) => {
      const handle = await open(file, flags, mode);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        events.push(`sync ${path.relative(root, String(file)).replace(/\.[0-9a-f-]{36}\.part$/, '.part') || '.'}`);
        return sync();
      };
      return handle;
    });
    const rename = fs.promises.rename.bind(fs.promises);
    vi.spyOn(fs.promises, 'rename').mockImplementation(async (from, to) => {
      events.push('rename');
      return rename(from, to);
    });
    const id = crypto.randomUUID();
    const key = `${id}/${sha(photo)}.jpg`;
    await new DiskMediaStore(root).put(key, photo);
    const file = path.join(id.slice(0, 2), key);
    expect(events).toEqual([`sync ${file}.part`, 'rename', `sync ${path.dirname(file)}`, `sync ${id.slice(0, 2)}`, 'sync .']);
    expect(fs.readFileSync(path.join(root, file)).equals(photo)).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
