/**
 * Where image files live (DESIGN.md "Server"): a MediaStore. The default keeps files under
 * DATA_DIR/media; several server processes need a shared store (an S3-compatible one behind this
 * same interface). Keys are opaque and never reused: a replaced image is written under a new key and
 * the old one removed after the database has committed, so a reader never sees half a file.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface MediaStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f]{64}\.(jpg|png)$/;

export class DiskMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Write aside, then rename: a crash leaves no half-written file under the key.
    const temp = `${file}.${randomUUID()}.part`;
    await fs.promises.writeFile(temp, bytes, { flag: 'wx' });
    await fs.promises.rename(temp, file);
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
}

/** A key for one version of an asset's file: the asset id and the file's hash. */
export function storageKey(assetId: string, sha256: string, contentType: string): string {
  return `${assetId}/${sha256}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
