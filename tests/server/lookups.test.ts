/** Reference lists: every list the spec names answers, with the spec's numbers. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOOKUP_LISTS } from '../../server/services/lookups';
import { startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(async () => {
  await demo?.close();
});

it('answers every list, in order, for a plumber', async () => {
  for (const list of LOOKUP_LISTS) {
    const res = await demo.api('ola', 'GET', `/api/${list}`);
    expect(res.status, list).toBe(200);
    expect(res.body.length, list).toBeGreaterThan(0);
  }
  // The spec writes paths in either case.
  expect((await demo.api('ola', 'GET', '/api/jobtypes')).status).toBe(200);
});

it('holds the spec\'s numbers', async () => {
  const list = async (name: string) => (await demo.api('kari', 'GET', `/api/${name}`)).body as Record<string, unknown>[];
  expect(await list('JobTypes')).toEqual([
    { id: 1, name: 'Ny vannmåler', shortName: 'Install' },
    { id: 2, name: 'Utskifting av vannmåler', shortName: 'Replace' },
    { id: 3, name: 'Demontering av vannmåler', shortName: 'Dismantle' },
    { id: 4, name: 'Avvik', shortName: 'Avvik' },
  ]);
  expect((await list('TaskStatus')).map((s) => s.id)).toEqual([1, 2, 4, 6, 8, 9]);
  const statuses = await list('JobStatus');
  expect(statuses.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
  expect(statuses.every((s) => typeof s.color === 'string')).toBe(true);
  expect(new Set((await list('Deviation')).map((d) => d.deviationType))).toEqual(new Set([0, 1]));
  const cancellations = await list('CancellationType');
  expect(cancellations.map((c) => [c.id, c.name, c.cancellationClass])).toEqual([
    [1, 'NoReply', 'Cancelled'], [2, 'UnknownReply', 'Cancelled'], [3, 'Rejection', 'Cancelled'], [4, 'Other', 'Cancelled'],
    [5, 'ExternalFailure', 'Failure'], [6, 'InternalFailure', 'Failure'], [7, 'InvalidInformation', 'Failure'],
  ]);
  expect((await list('WorkDayType')).map((w) => w.name)).toEqual(['Weekday', 'Saturday', 'Sunday']);
  expect((await list('AvailabilityType')).map((w) => w.name)).toEqual(['Available', 'Unavailable', 'Absent', 'Extended', 'Lunch']);
  const models = await list('watermetermodels');
  expect(models.some((m) => m.serialNumberRegex === null)).toBe(true);
  for (const m of models.filter((x) => x.serialNumberRegex)) {
    expect(String(m.serialNumberRegexInfo)).toMatch(/^Eksempel: /);
    expect(new RegExp(String(m.serialNumberRegex)).test(String(m.serialNumberRegexInfo).slice('Eksempel: '.length))).toBe(true);
  }
});

it('answers one meter model, 404 for an unknown one', async () => {
  expect((await demo.api('ola', 'GET', '/api/watermetermodels/3')).body).toMatchObject({ id: 3, manufacturer: 'Sensus' });
  expect((await demo.api('ola', 'GET', '/api/watermetermodels/999')).status).toBe(404);
});

it('needs a token', async () => {
  const res = await fetch(`${demo.t.baseUrl}/api/JobTypes`);
  expect(res.status).toBe(401);
});
