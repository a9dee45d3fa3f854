/** Committed job changes reach the company's devices as a JobsChanged event (real SignalR client, real server). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import type { PlumberNotification } from '../../src/domain/api';
import { NotificationType, Role } from '../../src/domain/enums';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tokenClaims } from '../helpers/app';
import { createBody, listenHub, startDemo, type Demo, type Person } from './jobs-fixtures';

let demo: Demo;
const open: HubConnection[] = [];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-hub-'));
beforeAll(async () => { demo = await startDemo({ dataDir }); });
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const listen = (p: Person) => listenHub(demo, p, open);

const jobsChanged = (events: PlumberNotification[]) => events.filter((e) => e.NotificationType === NotificationType.JobsChanged);

it('a created job tells the company (plumbers too) to pull, and nobody else; a refused change tells no one', async () => {
  const ola = await listen('ola');
  const otherCompany = await listen('nora');

  const body = await createBody(demo, 'ola', Role.PlumberAdmin);
  const created = await demo.api('kari', 'POST', '/api/Jobs', body);
  expect(created.status).toBe(200);
  await expect.poll(() => jobsChanged(ola).length, { timeout: 5000 }).toBe(1);
  expect(jobsChanged(ola)[0]).toMatchObject({ OrganizationNumber: expect.any(String), CustomerId: expect.any(String) });

  // A malformed body changes nothing and announces nothing.
  const refused = await demo.api('kari', 'POST', '/api/Jobs', { ...body, jobTypeId: 'x' });
  expect(refused.status).toBe(400);
  await new Promise((r) => setTimeout(r, 300));
  expect(jobsChanged(ola)).toHaveLength(1);
  expect(jobsChanged(otherCompany)).toHaveLength(0);
});

it('tells the company once per committed change, by what changed: a replay, a task write and an image upload', async () => {
  const ola = await listen('ola');
  const otherCompany = await listen('nora');
  const body = await createBody(demo, 'ola', Role.PlumberAdmin);
  const key = { 'idempotency-key': `hub-${body.jobId}` };
  expect((await demo.api('kari', 'POST', '/api/Jobs', body, key)).status).toBe(200);
  await expect.poll(() => jobsChanged(ola).length, { timeout: 5000 }).toBe(1);
  // The replay changes nothing, so it announces nothing.
  expect((await demo.api('kari', 'POST', '/api/Jobs', body, key)).status).toBe(200);
  // A task added by the assignee is a change of the company's jobs, whatever its URL.
  expect((await demo.api('ola', 'POST', '/api/Tasks', { jobId: body.jobId })).status).toBe(200);
  await expect.poll(() => jobsChanged(ola).length, { timeout: 5000 }).toBe(2);

  const token = await demo.token('ola');
  const form = new FormData();
  form.append('moduleId', 'VA');
  form.append('matrikkelenhetsId', String(body.matrikkelDetails.matrikkelenhetId));
  form.append('customProps', JSON.stringify({ meterNumber: null, taskId: body.taskRequest.taskId, waterMeterType: 'old', imageType: 'overview' }));
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: 'white' } }).jpeg().toBuffer();
  form.append('mediafile', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'old.jpg');
  const up = await fetch(`${demo.t.baseUrl}/api/media`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) } });
  expect(up.status).toBe(201);
  await expect.poll(() => ola.filter((e) => e.NotificationType === NotificationType.MediaChanged).length, { timeout: 5000 }).toBe(1);
  await new Promise((r) => setTimeout(r, 300));
  expect(jobsChanged(ola)).toHaveLength(2);
  expect(otherCompany).toHaveLength(0);
});
