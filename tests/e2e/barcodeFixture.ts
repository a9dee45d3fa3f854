/** Shared by the barcode e2e files: a real Code 128 label, a fake camera, an Install task. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import config from '../../playwright.config';
import { PLUMBER_OLA, dbQuery, signIn } from './helpers';

export const SERIAL = '71234567';
const CODE_OPTIONS = { bcid: 'code128', text: SERIAL, scale: 3, height: 14, includetext: false, paddingwidth: 10, paddingheight: 6, backgroundcolor: 'FFFFFF' };

/** A label as a camera sees it: the code (by default SERIAL) in the middle of a 640×480 frame. */
export async function labelFrame(text = SERIAL): Promise<Buffer> {
  const code = await bwipjs.toBuffer({ ...CODE_OPTIONS, text });
  const meta = await sharp(code).metadata();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#f4f4f0' } })
    .composite([{ input: code, left: Math.round((640 - meta.width!) / 2), top: Math.round((480 - meta.height!) / 2) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A Motion-JPEG file of the label (its frames one after the other), written when the test file
 * loads: Chromium reads it as the camera at launch, looping.
 */
export function labelVideo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-barcode-'));
  const file = path.join(dir, 'label.mjpeg');
  // test.use() needs the path when the file loads, and making the frame is asynchronous: a child does it.
  const script = `
    const fs = require('node:fs'); const bwipjs = require('bwip-js/node'); const sharp = require('sharp');
    (async () => {
      const code = await bwipjs.toBuffer(${JSON.stringify(CODE_OPTIONS)});
      const m = await sharp(code).metadata();
      const frame = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f4f4f0' } })
        .composite([{ input: code, left: Math.round((640 - m.width) / 2), top: Math.round((480 - m.height) / 2) }]).jpeg({ quality: 92 }).toBuffer();
      fs.writeFileSync(${JSON.stringify(file)}, Buffer.concat(Array.from({ length: 20 }, () => frame)));
    })().catch((e) => { console.error(e); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script], { stdio: 'inherit' });
  return file;
}

const base = config.use?.launchOptions ?? {};
/** Chromium with a fake camera: its own test pattern, or the given video. */
export const fakeCamera = (file?: string) => ({
  permissions: ['camera'],
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
      ...(file ? [`--use-file-for-fake-video-capture=${file}`] : [])],
  },
});

export async function openInstallTask(page: Page): Promise<void> {
  const [job] = await dbQuery<{ id: string; task_id: string }>(`
    select j.id, t.id as task_id from jobs j
      join users u on u.registration_id = j.assigned_to_id
      join tasks t on t.job_id = j.id and not t.is_deleted
    where u.email = $1 and j.status_id = 1 and j.type_id = 1 and j.deleted_at is null
    order by j.ref_nr limit 1`, [PLUMBER_OLA]);
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await page.getByTestId('new-meterModelId').selectOption({ label: 'Kamstrup flowIQ 2200 DN20 Q3 2,5' });
}

