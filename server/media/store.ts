/**
 * Where image files live (DESIGN.md "Server"): a MediaStore. The default keeps files under
 * DATA_DIR/media; several server processes need a shared store (an S3-compatible one behind this
 * same interface). Keys are opaque and never reused: a replaced image is written under a new key and
 * the old one removed after the database has committed, so a reader never sees half a file.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { MediaS3Config } from '../config';

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

export interface MediaStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Every file, in byte order of its key (the daily clean-up compares them with the rows). */
  list(): AsyncIterable<StoredFile>;
  /** Leftovers of writes a crash cut short, older than `before`; returns how many went. */
  removeUnfinished(before: Date): Promise<number>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f]{64}\.(jpg|png)$/;

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class DiskMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  /**
   * Durable before it returns, because the caller commits a row naming the key right after: the
   * bytes are written aside and fsynced, renamed into place, and the directories that gained an
   * entry fsynced, so a crash never leaves a committed row without its file or a half-written file
   * under a key. A crash after this and before the commit leaves a file no row names; a replay of
   * the same upload (same asset id, same bytes, so the same key) takes it over.
   */
  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    const dir = path.dirname(file);
    const created = await fs.promises.mkdir(dir, { recursive: true });
    const temp = `${file}.${randomUUID()}.part`;
    const handle = await fs.promises.open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (err) {
      await handle.close();
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    await fs.promises.rename(temp, file);
    // The file's directory, and the parent of each directory mkdir made.
    const dirs = [dir];
    if (created) for (let d = dir; d !== path.dirname(created); d = path.dirname(d)) dirs.push(path.dirname(d));
    for (const d of dirs) await syncDirectory(d);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  private async entries(dir: string): Promise<fs.Dirent[]> {
    try {
      return (await fs.promises.readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  /** root/<2 chars>/<asset id>/<hash>.<ext>: walked in name order, which is the keys' byte order. */
  async *list(): AsyncIterable<StoredFile> {
    for (const prefix of await this.entries(this.root)) {
      if (!prefix.isDirectory()) continue;
      for (const asset of await this.entries(path.join(this.root, prefix.name))) {
        if (!asset.isDirectory()) continue;
        for (const file of await this.entries(path.join(this.root, prefix.name, asset.name))) {
          const key = `${asset.name}/${file.name}`;
          if (!file.isFile() || !KEY.test(key) || key.slice(0, 2) !== prefix.name) continue;
          const stat = await fs.promises.stat(path.join(this.root, prefix.name, key)).catch(() => null);
          if (stat) yield { key, modifiedAt: stat.mtime };
        }
      }
    }
  }

  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    for (const prefix of await this.entries(this.root)) {
      if (!prefix.isDirectory()) continue;
      for (const asset of await this.entries(path.join(this.root, prefix.name))) {
        if (!asset.isDirectory()) continue;
        const dir = path.join(this.root, prefix.name, asset.name);
        for (const file of await this.entries(dir)) {
          if (!file.name.endsWith('.part')) continue;
          const stat = await fs.promises.stat(path.join(dir, file.name)).catch(() => null);
          if (stat && stat.mtime < before) {
            await fs.promises.rm(path.join(dir, file.name), { force: true });
            removed++;
          }
        }
      }
    }
    return removed;
  }
}

/**
 * Files in an S3-compatible bucket (MEDIA_S3_*), for several server processes on one database. A
 * PUT of a whole object is atomic in S3, so the same key rules hold as on disk.
 */
export class S3MediaStore implements MediaStore {
  private readonly client: AwsClient;

  constructor(private readonly s3: MediaS3Config) {
    this.client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: 's3' });
  }

  private url(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a media key: ${key}`);
    return `${this.s3.endpoint}/${encodeURIComponent(this.s3.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    const res = await this.client.fetch(this.url(key), {
      method,
      ...(body ? { body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } } : {}),
    });
    return res;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const res = await this.send('PUT', key, bytes);
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer().catch(() => undefined);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** ListObjectsV2 pages; S3 lists keys in UTF-8 byte order. */
  async *list(): AsyncIterable<StoredFile> {
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ 'list-type': '2', ...(token ? { 'continuation-token': token } : {}) });
      const res = await this.client.fetch(`${this.s3.endpoint}/${encodeURIComponent(this.s3.bucket)}?${query}`);
      const xml = await res.text();
      if (!res.ok) throw new Error(`S3 list failed: ${res.status} ${xml}`);
      for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([^<]*)<\/Key>/.exec(item)?.[1];
        const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(item)?.[1];
        if (key && modified && KEY.test(key)) yield { key, modifiedAt: new Date(modified) };
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? null : null;
    } while (token);
  }

  /** A PUT to S3 is whole or absent: nothing is left half-written. */
  async removeUnfinished(): Promise<number> {
    return 0;
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // S3 answers 204 whether or not the object was there.
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer().catch(() => undefined);
  }
}

/** The store the configuration names: S3 when MEDIA_S3_ENDPOINT is set, else files under dataDir/media. */
export function mediaStoreFor(config: { dataDir: string; mediaS3: MediaS3Config | null }): MediaStore {
  return config.mediaS3 ? new S3MediaStore(config.mediaS3) : new DiskMediaStore(path.join(config.dataDir, 'media'));
}

/** A key for one version of an asset's file: the asset id and the file's hash. */
export function storageKey(assetId: string, sha256: string, contentType: string): string {
  return `${assetId}/${sha256}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
