import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TFunction } from 'i18next';
import { configureTransport } from '../../src/data/transport';
import { fetchNewPlumbersCount } from '../../src/features/plumbers/api/fetchNewPlumbersCount';
import { fetchPlumbers } from '../../src/features/plumbers/api/fetchPlumbers';
import { updatePlumberInformation } from '../../src/features/plumbers/api/updatePlumberInformation';
import { updatePlumberStatus } from '../../src/features/plumbers/api/updatePlumberStatus';
import { runPlumberAction } from '../../src/features/plumbers/actions';
import { getPlumberNotices } from '../../src/features/plumbers/notifications';
import { closeDialog, currentDialog } from '../../src/ui/dialogStore';
import type { Plumber } from '../../src/domain/api';

interface Seen { method: string; url: string; body: unknown }

let server: Server;
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: [] };

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c) => { text += c; });
    req.on('end', () => resolve(text ? JSON.parse(text) : undefined));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method!, url: req.url!, body: await readBody(req) });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  configureTransport({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen = [];
  answer = { status: 200, body: [] };
});

const t = ((key: string) => key) as unknown as TFunction;
const plumber: Plumber = {
  id: 17, userId: 'u-17', firstName: 'Kari', lastName: 'Rør', displayName: 'kari', telephone: '91234567',
  email: 'kari@ror.no', userStatus: 1, registeredDate: '2025-01-02T08:00:00Z', isActive: false, plumberInitials: 'KR',
  roleId: 1, gdprConsent: true,
};

async function answerDialog(result: boolean): Promise<void> {
  for (let i = 0; i < 50 && !currentDialog(); i++) await new Promise((r) => setTimeout(r, 5));
  const d = currentDialog();
  expect(d?.kind).toBe('confirm');
  closeDialog(d!.id, result);
}

describe('plumber API calls (spec 1 §7)', () => {
  it('lists plumbers of role 1, with userStatus only when a status is chosen', async () => {
    await fetchPlumbers(0);
    await fetchPlumbers(1);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/Users?RoleId=1', 'GET /api/Users?userStatus=1&RoleId=1']);
  });

  it('counts pending plumbers', async () => {
    answer = { status: 200, body: 3 };
    await expect(fetchNewPlumbersCount()).resolves.toBe(3);
    expect(seen[0].url).toBe('/api/Users/count?RoleId=1&UserStatus=1');
  });

  it('sends status and information updates as PUTs with the spec bodies', async () => {
    answer = { status: 200, body: {} };
    await updatePlumberStatus(17, 4);
    await updatePlumberInformation({ firstName: 'Kari', lastName: 'Rør', displayName: 'kari', telephone: '91234567', objectId: 'u-17' });
    expect(seen).toEqual([
      { method: 'PUT', url: '/api/Users', body: { id: 17, status: 4 } },
      { method: 'PUT', url: '/api/Users/userinformation', body: { firstName: 'Kari', lastName: 'Rør', displayName: 'kari', telephone: '91234567', objectId: 'u-17' } },
    ]);
  });
});

describe('plumber actions', () => {
  it('asks first and changes nothing when cancelled', async () => {
    const done = runPlumberAction(t, plumber, 'approve');
    await answerDialog(false);
    await expect(done).resolves.toBe(false);
    expect(seen).toEqual([]);
  });

  it('approves after Yes and refreshes the new-plumber count', async () => {
    answer = { status: 200, body: {} };
    const before = getPlumberNotices().changes;
    const done = runPlumberAction(t, plumber, 'approve');
    expect(currentDialog()?.message).toBe('plumbers:ConfirmApprove');
    await answerDialog(true);
    await expect(done).resolves.toBe(true);
    expect(seen).toEqual([{ method: 'PUT', url: '/api/Users', body: { id: 17, status: 2 } }]);
    expect(getPlumberNotices().changes).toBe(before + 1);
  });

  it('reports failure when the server refuses', async () => {
    answer = { status: 500, body: { message: 'boom' } };
    const done = runPlumberAction(t, plumber, 'reject');
    await answerDialog(true);
    await expect(done).resolves.toBe(false);
    expect(seen[0].body).toEqual({ id: 17, status: 3 });
  });
});
