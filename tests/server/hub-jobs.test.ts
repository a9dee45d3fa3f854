/** Committed job changes reach the company's devices as a JobsChanged event (real SignalR client, real server). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { PlumberNotification } from '../../src/domain/api';
import { HUB_EVENT, HUB_PATH } from '../../src/domain/constants';
import { NotificationType, Role } from '../../src/domain/enums';
import { createBody, startDemo, type Demo, type Person } from './jobs-fixtures';

let demo: Demo;
const open: HubConnection[] = [];

beforeAll(async () => { demo = await startDemo(); });
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await demo?.close();
});

async function listen(p: Person) {
  const received: PlumberNotification[] = [];
  const token = await demo.token(p);
  const connection = new HubConnectionBuilder()
    .withUrl(`${demo.t.baseUrl}${HUB_PATH}`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  connection.on(HUB_EVENT, (n: PlumberNotification) => received.push(n));
  await connection.start();
  open.push(connection);
  return received;
}

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
