/**
 * Media (spec 1 §7, issue 5 §2): uploads judged by content, stored through the MediaStore, seen only
 * by the owning company (a plumber: own jobs), read-only once the task is done, exactly once with an
 * Idempotency-Key; rotation, metadata, replace and delete by object id.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/api';
import { MAX_IMAGE_BYTES, NO_MEDIA_FOUND, objectIdOf } from '../../src/domain/media';
import { mediaAssets } from '../../server/db/schema';
import { tokenClaims } from '../helpers/app';
import { completeForms, createJob, FORBIDDEN, startDemo, type Demo, type Person } from './jobs-fixtures';

let demo: Demo;
let dataDir: string;
let olaJob: Job;
let perJob: Job;
let noraJob: Job;
let photo: Buffer;
let big: Buffer;
let png: Buffer;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const mediaFiles = () => (fs.existsSync(path.join(dataDir, 'media')) ? fs.readdirSync(path.join(dataDir, 'media'), { recursive: true }).filter((f) => String(f).match(/\.(jpg|png)$/)).length : 0);
const rows = () => demo.t.database.db.$count(mediaAssets);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-media-'));
  demo = await startDemo({ dataDir });
  olaJob = await createJob(demo, 'kari', 'ola');
  perJob = await createJob(demo, 'kari', 'per');
  noraJob = await createJob(demo, 'lars', 'nora');
  const scene = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([{ input: { create: { width: Math.round(w / 4), height: Math.round(h / 4), channels: 3, background: { r: 250, g: 200, b: 0 } } }, left: 0, top: 0 }]);
  photo = await scene(800, 600).jpeg({ quality: 80 }).toBuffer();
  big = await scene(2400, 1800).jpeg({ quality: 80 }).toBuffer();
  png = await scene(300, 200).png().toBuffer();
});
afterAll(async () => {
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Upload {
  file?: { bytes: Buffer; name: string; type?: string } | { bytes: Buffer; name: string; type?: string }[];
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

async function send(p: Person, method: string, url: string, { file, fields = {}, headers = {} }: Upload) {
  const token = await demo.token(p);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of [file ?? []].flat()) form.append('mediafile', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name);
  const res = await fetch(`${demo.t.baseUrl}${url}`, {
    method, body: form, headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id), ...headers },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

const props = (job: Job, extra: Record<string, unknown> = {}) => ({
  meterNumber: '0032548', taskId: job.jobTasks[0].taskId, waterMeterType: 'new', imageType: 'overview', ...extra,
});
const uploadFields = (job: Job, extra: Record<string, string> = {}, customProps: Record<string, unknown> = {}) => ({
  moduleId: 'VA', matrikkelenhetsId: String(job.matrikkel.matrikkelenhetId), customProps: JSON.stringify(props(job, customProps)),
  metadata: JSON.stringify({ deviceMake: 'Apple', deviceModel: 'iPhone 15', metadataCapturedDate: '2026-11-20T09:15:00.000Z', latitude: 59.91, longitude: 10.75, orientation: 1 }),
  ...extra,
});
const upload = (p: Person, job: Job, bytes = photo, extra: Upload = {}, fields: Record<string, string> = {}) =>
  send(p, 'POST', '/api/media', { file: { bytes, name: 'photo.jpg' }, fields: uploadFields(job, fields), ...extra });

describe('upload and read', () => {
  it('stores a plumber\'s photo of his own task and serves it to him and his admin, cached by version', async () => {
    const res = await upload('ola', olaJob);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fileName: 'photo.jpg', assetType: 'image/jpeg', width: 800, height: 600, sizeInBytes: photo.length, contentHash: sha(photo), receivedHash: sha(photo),
      objectId: objectIdOf(props(olaJob) as never), moduleId: 'VA', matrikkelenhetsId: olaJob.matrikkel.matrikkelenhetId, version: 1,
      metadata: { deviceMake: 'Apple', latitude: 59.91 }, createdBy: 'ola.hansen@sandvika-ror.no',
    });
    const { assetId, blobUri } = res.body;
    expect(blobUri).toBe(`/api/media/file/${assetId}?v=1`);

    const list = await demo.api('ola', 'GET', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}`);
    expect(list.status).toBe(200);
    expect(list.body.map((a: { assetId: string }) => a.assetId)).toContain(assetId);
    const one = await demo.api('kari', 'GET', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}/${assetId}`);
    expect(one.status).toBe(200);
    expect(Buffer.from(one.body.fileContent, 'base64').equals(photo)).toBe(true);

    const token = await demo.token('ola');
    const headers = { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) };
    const file = await fetch(`${demo.t.baseUrl}${blobUri}`, { headers });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
    const again = await fetch(`${demo.t.baseUrl}/api/media/file/${assetId}`, { headers: { ...headers, 'if-none-match': file.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('scales an image over 1920 px down and says which bytes it received', async () => {
    const res = await upload('ola', olaJob, big);
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([1920, 1440]);
    expect(res.body.receivedHash).toBe(sha(big));
    expect(res.body.contentHash).not.toBe(sha(big));
    const stored = await demo.api('ola', 'GET', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}/${res.body.assetId}`);
    const meta = await sharp(Buffer.from(stored.body.fileContent, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1440]);
  });

  it('takes a PNG, judged by its bytes whatever its name', async () => {
    const res = await send('ola', 'POST', '/api/media', { file: { bytes: png, name: 'skjerm.jfif', type: 'application/octet-stream' }, fields: uploadFields(olaJob) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ assetType: 'image/png', width: 300, height: 200 });
  });

  it('answers a property with no images the spec\'s way (404 "No media found.")', async () => {
    const res = await demo.api('kari', 'GET', '/api/media/module/VA/matrikkelenhet/123456789');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NO_MEDIA_FOUND);
  });
});

describe('bad uploads: 400 with the reason, nothing stored', () => {
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const cases: [string, () => Upload, RegExp][] = [
    ['a text file named .jpg', () => ({ file: { bytes: Buffer.from('this is not an image at all'), name: 'photo.jpg' } }), /mediafile is not a JPEG or PNG/],
    ['a GIF', () => ({ file: { bytes: gif, name: 'photo.gif', type: 'image/gif' } }), /mediafile is not a JPEG or PNG/],
    ['a cut-off JPEG', () => ({ file: { bytes: photo.subarray(0, Math.floor(photo.length / 2)), name: 'photo.jpg' } }), /mediafile is not a readable image/],
    ['a JPEG header and garbage', () => ({ file: { bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]), name: 'photo.jpg' } }), /mediafile is not a readable image/],
    ['an empty file', () => ({ file: { bytes: Buffer.alloc(0), name: 'photo.jpg' } }), /mediafile is empty/],
    ['a file over the limit', () => ({ file: { bytes: Buffer.concat([photo, Buffer.alloc(MAX_IMAGE_BYTES)]), name: 'photo.jpg' } }), /mediafile is larger than 10 MB/],
    ['no file', () => ({}), /mediafile is required/],
    ['two files', () => ({ file: [{ bytes: photo, name: 'a.jpg' }, { bytes: photo, name: 'b.jpg' }] }), /mediafile must be one file/],
  ];
  for (const [name, make, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const [before, files] = [await rows(), mediaFiles()];
      const res = await send('ola', 'POST', '/api/media', { fields: uploadFields(olaJob), ...make() });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(reason);
      expect(await rows()).toBe(before);
      expect(mediaFiles()).toBe(files);
    });
  }

  const fieldCases: [string, () => Record<string, string>, RegExp][] = [
    ['customProps that are not JSON', () => uploadFields(olaJob, { customProps: '{nope' }), /customProps must be JSON/],
    ['another module', () => uploadFields(olaJob, { moduleId: 'XX' }), /body\/moduleId/],
    ['an image type the spec does not know', () => uploadFields(olaJob, {}, { imageType: 'selfie' }), /body\/customProps\/imageType/],
    ['a latitude of 91', () => uploadFields(olaJob, { metadata: JSON.stringify({ latitude: 91 }) }), /body\/metadata\/latitude/],
    ['NUL in the metadata', () => uploadFields(olaJob, { metadata: JSON.stringify({ deviceMake: 'Ap\u0000ple' }) }), /NUL/],
    ['a lone surrogate in the metadata', () => uploadFields(olaJob, { metadata: '{"deviceMake":"\\ud800x"}' }), /unpaired surrogate/],
    ['a capture date that is no date', () => uploadFields(olaJob, { metadata: JSON.stringify({ metadataCapturedDate: '2026-13-45T99:00:00Z' }) }), /metadataCapturedDate/],
    ['an unknown field', () => uploadFields(olaJob, { extra: 'x' }), /body\/extra is not a field of this call/],
    ['another property than the task\'s', () => uploadFields(olaJob, { matrikkelenhetsId: '1' }), /matrikkelenhetsId must be the task's property/],
    ['a huge matrikkelenhetsId', () => uploadFields(olaJob, { matrikkelenhetsId: '99999999999999999999' }), /matrikkelenhetsId/],
  ];
  for (const [name, fields, reason] of fieldCases) {
    it(`refuses ${name}`, async () => {
      const [before, files] = [await rows(), mediaFiles()];
      const res = await send('ola', 'POST', '/api/media', { file: { bytes: photo, name: 'photo.jpg' }, fields: fields() });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(reason);
      expect(await rows()).toBe(before);
      expect(mediaFiles()).toBe(files);
    });
  }

  it('refuses a JSON body where multipart is due', async () => {
    const res = await demo.api('ola', 'POST', '/api/media', { moduleId: 'VA' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/multipart/);
  });
});

describe('who may see and change images', () => {
  let olaAsset: { assetId: string; blobUri: string };
  beforeAll(async () => {
    olaAsset = (await upload('ola', olaJob)).body;
  });

  it('another plumber of the company gets 403 with the spec\'s text; another company 404, nothing stored', async () => {
    const before = await rows();
    const byPer = await upload('per', olaJob);
    expect(byPer.status).toBe(403);
    expect(byPer.body.message).toBe(FORBIDDEN);
    const byLars = await upload('lars', olaJob);
    expect(byLars.status).toBe(404);
    expect(await rows()).toBe(before);
  });

  it('reads: another plumber 403, another company 404, and neither sees it in a list', async () => {
    const path1 = `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}/${olaAsset.assetId}`;
    expect((await demo.api('per', 'GET', path1)).status).toBe(403);
    expect((await demo.api('lars', 'GET', path1)).status).toBe(404);
    expect((await demo.api('per', 'GET', olaAsset.blobUri)).status).toBe(403);
    expect((await demo.api('nora', 'GET', olaAsset.blobUri)).status).toBe(404);
    const listByLars = await demo.api('lars', 'GET', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}`);
    expect(listByLars.status).toBe(404);
    const listByPer = await demo.api('per', 'GET', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}`);
    expect(JSON.stringify(listByPer.body)).not.toContain(olaAsset.assetId);
  });

  it('changes by others are refused the same way, and nothing changes', async () => {
    const del = (p: Person) => demo.api(p, 'DELETE', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}/${olaAsset.assetId}`);
    expect((await del('per')).status).toBe(403);
    expect((await del('lars')).status).toBe(404);
    const rot = (p: Person) => send(p, 'PUT', `/api/media/rotate/${olaAsset.assetId}`, { fields: { degrees: '90' } });
    expect((await rot('per')).status).toBe(403);
    expect((await rot('nora')).status).toBe(404);
    const [row] = await demo.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, olaAsset.assetId));
    expect(row.version).toBe(1);
  });

  it('an asset id in use by another company is answered as unseen (404), not "exists"', async () => {
    const noraAsset = (await upload('nora', noraJob)).body;
    expect(noraAsset.assetId).toBeTruthy();
    const res = await upload('ola', olaJob, photo, {}, { assetId: noraAsset.assetId });
    expect(res.status).toBe(404);
    const mine = await upload('ola', olaJob, photo, {}, { assetId: olaAsset.assetId });
    expect(mine.status).toBe(409);
  });
});

describe('rotate, metadata, replace and delete', () => {
  it('rotates by 90° on the server, or takes the rotated copy; the old file goes', async () => {
    const asset = (await upload('ola', olaJob)).body;
    const filesBefore = mediaFiles();
    const turned = await send('ola', 'PUT', `/api/media/rotate/${asset.assetId}`, { fields: { degrees: '90' } });
    expect(turned.status).toBe(200);
    expect(turned.body).toMatchObject({ width: 600, height: 800, version: 2, blobUri: `/api/media/file/${asset.assetId}?v=2` });
    expect(mediaFiles()).toBe(filesBefore);
    // The yellow corner went from top-left to top-right.
    const stored = Buffer.from((await demo.api('ola', 'GET', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}/${asset.assetId}`)).body.fileContent, 'base64');
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels + 2];
    expect(at(info.width - 20, 20)).toBeLessThan(100);
    expect(at(20, 20)).toBeGreaterThan(150);

    const copy = await sharp(photo).rotate(180).jpeg().toBuffer();
    const sent = await send('ola', 'PUT', `/api/media/rotate/${asset.assetId}`, { file: { bytes: copy, name: 'r.jpg' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ width: 800, height: 600, version: 3, contentHash: sha(copy) });
    const bad = await send('ola', 'PUT', `/api/media/rotate/${asset.assetId}`, { fields: { degrees: '45' } });
    expect(bad.status).toBe(400);
  });

  it('updates metadata (the capture date), bounded like the upload', async () => {
    const asset = (await upload('ola', olaJob)).body;
    const body = { moduleId: 'VA', matrikkelenhetsId: olaJob.matrikkel.matrikkelenhetId, assetId: asset.assetId, metadata: { ...asset.metadata, metadataCapturedDate: '2026-11-21T07:30:00.000Z' } };
    const res = await demo.api('ola', 'PUT', '/api/media/metadata', body);
    expect(res.status).toBe(200);
    expect(res.body.metadata.metadataCapturedDate).toBe('2026-11-21T07:30:00.000Z');
    const bad = await demo.api('ola', 'PUT', '/api/media/metadata', { ...body, metadata: { orientation: 9 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/orientation/);
  });

  it('renames object ids when a serial changes, and deletes by object id', async () => {
    const task = olaJob.jobTasks[0].taskId;
    await upload('ola', olaJob, photo, {}, { customProps: JSON.stringify(props(olaJob, { meterNumber: '1111111', imageType: 'detail' })) });
    const current = `1111111_${task}_new_detail`;
    const renamed = await send('ola', 'PUT', '/api/media', { fields: { moduleId: 'VA', matrikkelenhetsId: String(olaJob.matrikkel.matrikkelenhetId), CurrentObjectId: current, NewObjectId: `2222222_${task}_new_detail` } });
    expect(renamed.status).toBe(200);
    expect(renamed.body[0]).toMatchObject({ objectId: `2222222_${task}_new_detail`, customProps: { meterNumber: '2222222' } });
    const gone = await demo.api('ola', 'DELETE', `/api/media?moduleId=VA&matrikkelenhetsId=${olaJob.matrikkel.matrikkelenhetId}&CurrentObjectId=${current}`);
    expect(gone.status).toBe(404);
    const files = mediaFiles();
    const del = await demo.api('ola', 'DELETE', `/api/media?moduleId=VA&matrikkelenhetsId=${olaJob.matrikkel.matrikkelenhetId}&CurrentObjectId=2222222_${task}_new_detail`);
    expect(del.status).toBe(200);
    expect(del.body.deleted).toHaveLength(1);
    expect(mediaFiles()).toBe(files - 1);
  });

  it('deletes one image and its file', async () => {
    const asset = (await upload('ola', olaJob)).body;
    const files = mediaFiles();
    const res = await demo.api('ola', 'DELETE', `/api/media/module/VA/matrikkelenhet/${olaJob.matrikkel.matrikkelenhetId}/${asset.assetId}`);
    expect(res.status).toBe(200);
    expect(mediaFiles()).toBe(files - 1);
    expect((await demo.api('ola', 'GET', asset.blobUri)).status).toBe(404);
  });
});

describe('exactly once, and read-only when done', () => {
  it('a replayed upload is stored once and answered the same; the key on another file is refused', async () => {
    const key = `upload-${Date.now()}`;
    const before = await rows();
    const first = await upload('ola', olaJob, photo, { headers: { 'idempotency-key': key } });
    const second = await upload('ola', olaJob, photo, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await rows()).toBe(before + 1);
    const other = await upload('ola', olaJob, png, { headers: { 'idempotency-key': key } });
    expect(other.status).toBe(422);
  });

  it('refuses changes to the images of a finished task (409)', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const asset = (await upload('ola', job)).body;
    const report = await demo.api('ola', 'POST', `/api/jobs/task/${job.jobTasks[0].taskId}`, {
      ...job, isDraft: false, jobTasks: [{ ...job.jobTasks[0], ...completeForms() }],
    });
    expect(report.status).toBe(200);
    expect((await upload('ola', job)).status).toBe(409);
    const del = await demo.api('ola', 'DELETE', `/api/media/module/VA/matrikkelenhet/${job.matrikkel.matrikkelenhetId}/${asset.assetId}`);
    expect(del.status).toBe(409);
    expect((await demo.api('ola', 'GET', asset.blobUri)).status).toBe(200);
  });
});

describe('another job of another plumber', () => {
  it('is not reachable through the property list either', async () => {
    const perAsset = (await upload('per', perJob)).body;
    const res = await demo.api('ola', 'GET', `/api/media/module/VA/matrikkelenhet/${perJob.matrikkel.matrikkelenhetId}`);
    expect(JSON.stringify(res.body)).not.toContain(perAsset.assetId);
  });
});

describe('what the stored metadata says (issue 12)', () => {
  const stored = async (assetId: string) => (await demo.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId)))[0];

  it('is the stored picture: its size and bytes, upright, after an upload, a rotation and an edit', async () => {
    // What a camera said and a client passed on: portrait by EXIF orientation 6, another size.
    const said = { deviceMake: 'Apple', orientation: 6, width: 600, height: 800, sizeInBytes: 123, metadataCapturedDate: '2026-11-20T13:49:51.000Z' };
    const res = await upload('ola', olaJob, photo, {}, { metadata: JSON.stringify(said) });
    expect(res.status).toBe(201);
    let row = await stored(res.body.assetId);
    expect(row.metadata).toMatchObject({ deviceMake: 'Apple', orientation: 1, width: row.width, height: row.height, sizeInBytes: row.sizeBytes });
    expect(res.body.metadata).toEqual(row.metadata);

    const turned = await send('ola', 'PUT', `/api/media/rotate/${res.body.assetId}`, { fields: { degrees: '90' } });
    expect(turned.status).toBe(200);
    row = await stored(res.body.assetId);
    expect([row.width, row.height]).toEqual([600, 800]);
    expect(row.metadata).toMatchObject({ orientation: 1, width: 600, height: 800, sizeInBytes: row.sizeBytes, metadataCapturedDate: said.metadataCapturedDate });
    expect(turned.body.metadata).toMatchObject({ width: 600, height: 800, sizeInBytes: turned.body.sizeInBytes });

    const edit = await demo.api('ola', 'PUT', '/api/media/metadata', {
      moduleId: 'VA', matrikkelenhetsId: olaJob.matrikkel.matrikkelenhetId, assetId: res.body.assetId,
      metadata: { ...said, orientation: 8, width: 1, height: 1, sizeInBytes: 1, metadataCapturedDate: '2026-11-21T07:30:12.000Z' },
    });
    expect(edit.status).toBe(200);
    expect((await stored(res.body.assetId)).metadata).toMatchObject({
      metadataCapturedDate: '2026-11-21T07:30:12.000Z', orientation: 1, width: 600, height: 800, sizeInBytes: row.sizeBytes,
    });
  });

  it('never has a capture date in the future: 400 naming the field, nothing written', async () => {
    const future = JSON.stringify({ deviceMake: 'Apple', metadataCapturedDate: '2030-12-24T13:49:51.000Z' });
    const [rowsBefore, filesBefore] = [await rows(), mediaFiles()];
    const refused = await upload('ola', olaJob, photo, {}, { metadata: future });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorKey: 'CaptureDateInFuture' });
    expect(refused.body.message).toMatch(/^body\/metadata\/metadataCapturedDate /);
    expect([await rows(), mediaFiles()]).toEqual([rowsBefore, filesBefore]);

    const asset = (await upload('ola', olaJob)).body;
    const body = { moduleId: 'VA', matrikkelenhetsId: olaJob.matrikkel.matrikkelenhetId, assetId: asset.assetId, metadata: { ...asset.metadata, metadataCapturedDate: '2030-12-24T13:49:51.000Z' } };
    const edit = await demo.api('ola', 'PUT', '/api/media/metadata', body);
    expect(edit.status).toBe(400);
    expect(edit.body.message).toMatch(/metadataCapturedDate/);
    expect((await stored(asset.assetId)).metadata).toEqual(asset.metadata);

    // A device clock a few minutes ahead of the server's is not a photo from the future.
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    expect((await demo.api('ola', 'PUT', '/api/media/metadata', { ...body, metadata: { ...asset.metadata, metadataCapturedDate: soon } })).status).toBe(200);
  });
});
