/** Users API: company scope, admin-only listing/counting/status changes, the plumber's own record. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plumber } from '../../src/domain/api';
import { Role, UserStatus } from '../../src/domain/enums';
import { users } from '../../server/db/schema';
import { EMAILS, FORBIDDEN, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(async () => {
  await demo?.close();
});

const statusOf = async (email: string) => (await demo.t.database.db.select().from(users).where(eq(users.email, email)))[0].status;

describe('reading', () => {
  it('lists the admin\'s company users as plumbers, with filters', async () => {
    const all = await demo.api('kari', 'GET', '/api/Users');
    expect(all.status).toBe(200);
    const emails = all.body.map((p: Plumber) => p.email);
    expect(emails).toContain(EMAILS.ola);
    expect(emails).not.toContain(EMAILS.nora);
    const ola = all.body.find((p: Plumber) => p.email === EMAILS.ola);
    expect(ola).toMatchObject({ id: await demo.reg('ola'), firstName: 'Ola', lastName: 'Hansen', plumberInitials: 'OH', isActive: true, userStatus: UserStatus.Activated, roleId: Role.Plumber });

    const pending = await demo.api('kari', 'GET', `/api/Users?userStatus=${UserStatus.Pending}&RoleId=${Role.Plumber}`);
    expect(pending.body.map((p: Plumber) => p.email)).toEqual([EMAILS.sofie]);
    const count = await demo.api('kari', 'GET', `/api/Users/count?RoleId=${Role.Plumber}&UserStatus=${UserStatus.Pending}`);
    expect(count).toEqual({ status: 200, body: 1 });
  });

  it('shows a plumber only their own record', async () => {
    const list = await demo.api('ola', 'GET', '/api/Users');
    expect(list.body.map((p: Plumber) => p.email)).toEqual([EMAILS.ola]);
    expect((await demo.api('ola', 'GET', `/api/Users/${await demo.reg('ola')}`)).status).toBe(200);
    expect(await demo.api('ola', 'GET', `/api/Users/${await demo.reg('per')}`)).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: FORBIDDEN } });
    expect((await demo.api('ola', 'GET', '/api/Users/count?RoleId=1&UserStatus=1')).status).toBe(403);
    expect((await demo.api('kari', 'GET', `/api/Users/${await demo.reg('nora')}`)).status).toBe(404);
  });
});

describe('status changes', () => {
  it('approves and rejects pending plumbers, deactivates and reactivates', async () => {
    const approve = await demo.api('kari', 'PUT', '/api/Users', { id: await demo.reg('sofie'), status: UserStatus.Activated });
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({ email: EMAILS.sofie, userStatus: UserStatus.Activated, isActive: true });

    const reject = await demo.api('lars', 'PUT', '/api/Users', { id: await demo.reg('thea'), status: UserStatus.Rejected });
    expect(reject.body.userStatus).toBe(UserStatus.Rejected);
    const reapprove = await demo.api('lars', 'PUT', '/api/Users', { id: await demo.reg('thea'), status: UserStatus.Activated });
    expect(reapprove.body.userStatus).toBe(UserStatus.Activated);

    const deactivate = await demo.api('kari', 'PUT', '/api/Users', { id: await demo.reg('ingrid'), status: UserStatus.Deactivated });
    expect(deactivate.body).toMatchObject({ userStatus: UserStatus.Deactivated, isActive: false });
    const activate = await demo.api('kari', 'PUT', '/api/Users', { id: await demo.reg('ingrid'), status: UserStatus.Activated });
    expect(activate.body.userStatus).toBe(UserStatus.Activated);
  });

  it('refuses transitions the spec does not have', async () => {
    const res = await demo.api('kari', 'PUT', '/api/Users', { id: await demo.reg('per'), status: UserStatus.Rejected });
    expect(res.status).toBe(409);
    expect(await statusOf(EMAILS.per)).toBe(UserStatus.Activated);
    expect((await demo.api('kari', 'PUT', '/api/Users', { id: await demo.reg('jonas'), status: UserStatus.Deactivated })).status).toBe(409);
    expect((await demo.api('kari', 'PUT', '/api/Users', { id: await demo.reg('kari'), status: UserStatus.Deactivated })).status).toBe(400);
    expect((await demo.api('kari', 'PUT', '/api/Users', { id: await demo.reg('per'), status: 7 })).status).toBe(400);
  });

  it('is admin only and company scoped', async () => {
    const res = await demo.api('ola', 'PUT', '/api/Users', { id: await demo.reg('per'), status: UserStatus.Deactivated });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(FORBIDDEN);
    expect(await statusOf(EMAILS.per)).toBe(UserStatus.Activated);
    expect((await demo.api('lars', 'PUT', '/api/Users', { id: await demo.reg('per'), status: UserStatus.Deactivated })).status).toBe(404);
  });
});

describe('user information', () => {
  const info = (objectId: string | number, patch: Record<string, string> = {}) => ({
    firstName: 'Ola', lastName: "O'Hansen-Berg", displayName: 'Ola_H', telephone: '+4792345678', objectId: String(objectId), ...patch,
  });

  it('lets a plumber edit themselves and an admin edit anyone in the company', async () => {
    const [ola] = await demo.t.database.db.select().from(users).where(eq(users.email, EMAILS.ola));
    const own = await demo.api('ola', 'PUT', '/api/Users/userinformation', info(ola.id));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ lastName: "O'Hansen-Berg", displayName: 'Ola_H', telephone: '+4792345678' });
    const byAdmin = await demo.api('kari', 'PUT', '/api/Users/userinformation', info(await demo.reg('per'), { firstName: 'Per', lastName: 'Johansen', displayName: 'Per J' }));
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.displayName).toBe('Per J');
  });

  it('takes a phone written with spaces (kept in E.164) and a display name with an initial', async () => {
    const res = await demo.api('ola', 'PUT', '/api/Users/userinformation', info(await demo.reg('ola'), { displayName: 'Ola H.', telephone: '+47 923 45 678' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'Ola H.', telephone: '+4792345678' });
    const [row] = await demo.t.database.db.select().from(users).where(eq(users.email, EMAILS.ola));
    expect([row.displayName, row.mobile]).toEqual(['Ola H.', '+4792345678']);
  });

  it('answers 403 for another plumber and 400 naming an invalid field', async () => {
    const other = await demo.api('ola', 'PUT', '/api/Users/userinformation', info(await demo.reg('per')));
    expect(other.status).toBe(403);
    const phone = await demo.api('ola', 'PUT', '/api/Users/userinformation', info(await demo.reg('ola'), { telephone: '12345678' }));
    expect(phone.status).toBe(400);
    expect(phone.body.message).toMatch(/^body\/telephone /);
    const display = await demo.api('ola', 'PUT', '/api/Users/userinformation', info(await demo.reg('ola'), { displayName: 'Ola  H' }));
    expect(display.body.message).toMatch(/^body\/displayName /);
  });
});
