/**
 * Image files in an S3-compatible bucket (issue 5 §2: "an S3-compatible store by configuration, for
 * several server processes"): the store against an S3 implementation (s3rver, in-process; it parses
 * the SigV4 Authorization header and checks the access key, though unlike AWS or MinIO it does not
 * recompute the signature), and the media API with MEDIA_S3_* set, writing and serving through it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaS3Config } from '../../server/config';
import { S3MediaStore, storageKey } from '../../server/media/store';
import { tokenClaims } from '../helpers/app';
import { createJob, startDemo, type Demo } from './jobs-fixtures';

let s3: S3rver;
let bucketDir: string;
let config: MediaS3Config;
let demo: Demo;
let dataDir: string;

beforeAll(async () => {
  bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucketDir, configureBuckets: [{ name: 'media', configs: [] }] });
  const { port } = await s3.run();
  // s3rver's built-in credentials.
  config = { endpoint: `http://127.0.0.1:${port}`, bucket: 'media', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-media-s3-'));
  demo = await startDemo({ dataDir, mediaS3: config });
}, 120_000);

afterAll(async () => {
  await demo?.close();
  await s3?.close();
  fs.rmSync(bucketDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const assetId = '0b9f3a1e-6d1c-4e55-9a77-5b8f2f7d2c11';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('S3MediaStore', () => {
  it('puts, gets and removes whole objects; a missing one is null; only media keys are taken', async () => {
    const store = new S3MediaStore(config);
    const bytes = Buffer.from('a picture, as far as the store knows');
    const key = storageKey(assetId, sha(bytes), 'image/jpeg');
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes);
    expect(await store.get(key)).toEqual(bytes);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    await store.remove(key);
    await expect(store.put('../../etc/passwd', bytes)).rejects.toThrow(/Not a media key/);
  });

  it('is refused with credentials the bucket does not know, with the reason', async () => {
    const store = new S3MediaStore({ ...config, accessKeyId: 'NOBODY' });
    const bytes = Buffer.from('x');
    await expect(store.put(storageKey(assetId, sha(bytes), 'image/jpeg'), bytes)).rejects.toThrow(/S3 PUT .* failed: 403/);
  });
});

describe('the media API on S3', () => {
  it('an upload goes to the bucket (not the data folder), is served from it, and a delete removes it', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#37a' } }).jpeg().toBuffer();
    const token = await demo.token('ola');
    const headers = { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) };
    const form = new FormData();
    form.append('moduleId', 'VA');
    form.append('matrikkelenhetsId', String(job.matrikkel.matrikkelenhetId));
    form.append('customProps', JSON.stringify({ meterNumber: '0032548', taskId: job.jobTasks[0].taskId, waterMeterType: 'new', imageType: 'overview' }));
    form.append('mediafile', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${demo.t.baseUrl}/api/media`, { method: 'POST', body: form, headers });
    expect(res.status).toBe(201);
    const asset = await res.json() as { assetId: string; contentHash: string };
    expect(asset.contentHash).toBe(sha(photo));

    const inBucket = fs.readdirSync(bucketDir, { recursive: true }).map(String).filter((f) => f.includes(asset.assetId));
    expect(inBucket.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false);

    const file = await fetch(`${demo.t.baseUrl}/api/media/file/${asset.assetId}`, { headers });
    expect(file.status).toBe(200);
    expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(photo));

    const del = await fetch(`${demo.t.baseUrl}/api/media/module/VA/matrikkelenhet/${job.matrikkel.matrikkelenhetId}/${asset.assetId}`, { method: 'DELETE', headers });
    expect(del.status).toBe(200);
    await expect.poll(async () => new S3MediaStore(config).get(storageKey(asset.assetId, asset.contentHash, 'image/jpeg'))).toBeNull();
  });
});
