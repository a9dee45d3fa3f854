/**
 * Identity under attack (issue 13), on real PostgreSQL through the real provider: nobody can lock a
 * plumber out of sign-in from another address, logging out ends API access, the provider's forms
 * answer hostile input with a 4xx page (a login counted as failed), and hub connections per user
 * are capped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { HUB_PATH } from '../../src/domain/constants';
import { NotificationType } from '../../src/domain/enums';
import { seedTestPeople, startTestApp, TEST_PASSWORD, type SignInResult, type TestApp, type TestPeople } from '../helpers/app';

const LIMIT = 5;
let t: TestApp;
let people: TestPeople;

beforeAll(async () => {
  t = await startTestApp({
    // X-Forwarded-For from the test (loopback) is believed, so each test can come from its own addresses.
    config: {
      trustProxy: '127.0.0.1',
      rateLimit: { ...loadConfig().rateLimit, loginPerAccount: LIMIT, loginPerIp: 1000, hubConnectionsPerUser: 3 },
    },
  });
  people = await seedTestPeople(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const status = (r: SignInResult) => (r.ok ? 200 : r.status);

/** The login form's address for a fresh authorization request, with its cookies (as a browser has them). */
async function loginForm(headers: Record<string, string> = {}) {
  const auth = await fetch(`${t.baseUrl}/oidc/auth?${new URLSearchParams({
    client_id: t.app.context.config.oidcClientId, redirect_uri: `${t.baseUrl}/`, response_type: 'code', scope: 'openid profile api',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's', nonce: 'n',
  })}`, { redirect: 'manual', headers });
  const cookie = auth.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const page = await fetch(new URL(auth.headers.get('location')!, t.baseUrl), { headers: { ...headers, cookie } });
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1].replace(/&#38;/g, '&');
  return { url: new URL(action, t.baseUrl).toString(), cookie };
}

describe('sign-in limits per account and address', () => {
  it("an attacker's wrong passwords refuse the attacker, not the plumber at another address", async () => {
    const attacker = from('203.0.113.1');
    for (let i = 0; i < LIMIT; i++) expect(status(await t.signIn(people.email.plumberA, `wrong-${i}`, attacker))).toBe(401);
    // Past the limit the attacking address waits, whatever it sends, and is told for how long.
    const form = await loginForm(attacker);
    const refused = await fetch(form.url, {
      method: 'POST', redirect: 'manual',
      headers: { ...attacker, cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: people.email.plumberA, password: TEST_PASSWORD }).toString(),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('For mange innloggingsforsøk');

    // The plumber, from their own address, signs in with the right password.
    const plumber = await t.signIn(people.email.plumberA, TEST_PASSWORD, from('198.51.100.7'));
    expect(status(plumber)).toBe(200);
  });

  it('counts each account and address pair on its own', async () => {
    const attacker = from('203.0.113.2');
    for (let i = 0; i < LIMIT; i++) await t.signIn(people.email.adminA, `wrong-${i}`, attacker);
    expect(status(await t.signIn(people.email.adminA, 'wrong-again', attacker))).toBe(429);
    // The same address with another account is not refused ...
    expect(status(await t.signIn(people.email.adminB, 'wrong', attacker))).toBe(401);
    expect(status(await t.signIn(people.email.adminB, TEST_PASSWORD, attacker))).toBe(200);
    // ... and another address has its own count for the first account.
    const other = from('198.51.100.8');
    for (let i = 0; i < LIMIT; i++) expect(status(await t.signIn(people.email.adminA, `wrong-${i}`, other))).toBe(401);
    expect(status(await t.signIn(people.email.adminA, TEST_PASSWORD, other))).toBe(429);
  });

  it('counts case and space variants of the e-mail as the same account', async () => {
    const attacker = from('203.0.113.3');
    const email = people.email.adminC;
    const variants = [email.toUpperCase(), `  ${email}`, `${email}\t`, email.replace(/^./, (c) => c.toUpperCase()), ` ${email.toUpperCase()} `];
    for (const [i, variant] of variants.entries()) expect(status(await t.signIn(variant, `wrong-${i}`, attacker))).toBe(401);
    expect(status(await t.signIn(email, TEST_PASSWORD, attacker))).toBe(429);
  });

  it('slows an account under attack down for addresses that have failed on it, and lets a fresh address through', async () => {
    const email = people.email.plumberA;
    // plumberA's account has failed LIMIT times across addresses (first test): further tries from an
    // address that has failed on it are spaced one a second, in parallel or not.
    const second = from('203.0.113.4');
    expect(status(await t.signIn(email, 'wrong', second))).toBe(401);
    const started = Date.now();
    const results = await Promise.all([1, 2, 3].map((i) => t.signIn(email, `wrong-${i}`, second)));
    expect(results.map(status)).toEqual([401, 401, 401]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(status(await t.signIn(email, TEST_PASSWORD, from('198.51.100.9')))).toBe(200);
  });
});

describe('logout', () => {
  const refresh = (token: string) => fetch(`${t.baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: t.app.context.config.oidcClientId }).toString(),
  });

  it('ends API access: the refresh token of the signed-out session gets no new access token', async () => {
    const signedIn = await t.signIn(people.email.adminB, TEST_PASSWORD, from('198.51.100.20'));
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
    const otherDevice = await t.signIn(people.email.adminB, TEST_PASSWORD, from('198.51.100.21'));
    if (!otherDevice.ok) throw new Error(`sign-in failed: ${otherDevice.status}`);
    // Refresh tokens live a day, and say so: MSAL then renews an expired one through the provider's session.
    expect(signedIn.tokens).toMatchObject({ refresh_token_expires_in: 24 * 60 * 60 });
    const renewed = await refresh(signedIn.tokens.refresh_token!);
    expect(renewed.status).toBe(200);
    const { refresh_token: current, refresh_token_expires_in: expiresIn } = await renewed.json() as { refresh_token: string; refresh_token_expires_in: number };
    expect(expiresIn).toBe(24 * 60 * 60);

    // The logout MSAL's logoutRedirect makes: end_session with the ID token, then the provider's confirm form.
    const end = await fetch(`${t.baseUrl}/oidc/session/end?${new URLSearchParams({
      id_token_hint: signedIn.tokens.id_token, post_logout_redirect_uri: `${t.baseUrl}/`, client_id: t.app.context.config.oidcClientId,
    })}`, { headers: { cookie: signedIn.cookie } });
    expect(end.status).toBe(200);
    const page = await end.text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1];
    const confirm = await fetch(action, {
      method: 'POST', redirect: 'manual',
      headers: { cookie: signedIn.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${t.baseUrl}/`);

    const after = await refresh(current);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(signedIn.tokens.refresh_token!)).status).toBe(400);
    // The same user's sign-in on another device keeps working, as does a new one here.
    expect((await refresh(otherDevice.tokens.refresh_token!)).status).toBe(200);
    const again = await t.signIn(people.email.adminB, TEST_PASSWORD, from('198.51.100.20'));
    if (!again.ok) throw new Error('second sign-in failed');
    expect((await refresh(again.tokens.refresh_token!)).status).toBe(200);
  });
});

describe("the provider's forms and hostile input", () => {
  const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

  it('answers NUL, JSON, other types and oversized fields on the login form with a 4xx page, and counts them as failed', async () => {
    const attacker = from('203.0.113.10');
    const email = people.email.adminA;
    const bodies: [string, string][] = [
      ['application/x-www-form-urlencoded', new URLSearchParams({ email: `${email}\u0000`, password: 'x' }).toString()],
      ['application/x-www-form-urlencoded', new URLSearchParams({ email, password: 'x\u0000y' }).toString()],
      ['application/json', JSON.stringify({ email, password: { $ne: '' } })],
      ['application/json', JSON.stringify({ email, password: 'wrong' })],
      ['application/x-www-form-urlencoded', new URLSearchParams({ email, password: 'p'.repeat(200_000) }).toString()],
      // No e-mail to count it against: the address's count takes it.
      ['text/xml', `<login><email>${email}</email></login>`],
    ];
    for (const [type, body] of bodies) {
      const form = await loginForm(attacker);
      const res = await fetch(form.url, { method: 'POST', redirect: 'manual', headers: { ...attacker, cookie: form.cookie, 'content-type': type }, body });
      expect(res.status, `${type} ${body.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${body.slice(0, 60)}`).toBeLessThan(500);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toMatch(/Feil e-post eller passord|kunne ikke leses/);
    }
    // Five of the hostile posts were five failed sign-ins of this account from this address.
    expect(status(await t.signIn(email, TEST_PASSWORD, attacker))).toBe(429);
  });

  it("answers a NUL in the provider's own endpoints with its error, not a 500", async () => {
    const token = await fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'abc\u0000def', client_id: t.app.context.config.oidcClientId }).toString(),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
    const interaction = await fetch(`${t.baseUrl}/oidc/interaction/abc%00def`, { headers: { cookie: '_interaction=abc%00def' } });
    expect(interaction.status).toBe(400);
  });

  it('answers NUL, JSON and oversized fields on the registration form with a 400 page naming the field, and writes nothing', async () => {
    const before = await userCount();
    const valid = { firstName: 'Nils', lastName: 'Nysveen', email: `nils.${Date.now()}@example.no`, mobile: '41234567', password: 'hemmelig123', companyId: people.companyA.id, gdprConsent: 'true' };
    const post = (type: string, body: string) => fetch(`${t.baseUrl}/oidc/register`, {
      method: 'POST', redirect: 'manual', headers: { ...from('203.0.113.11'), 'content-type': type }, body,
    });
    const cases: [string, Record<string, string>][] = [
      ['firstName', { firstName: 'Ni\u0000ls' }],
      ['lastName', { lastName: 'x'.repeat(5000) }],
      ['email', { email: `nils\u0000@example.no` }],
      ['email', { email: `${'n'.repeat(400)}@example.no` }],
      ['password', { password: 'p'.repeat(5000) }],
      ['companyId', { companyId: 'not-a-uuid\u0000' }],
    ];
    for (const [field, change] of cases) {
      const res = await post('application/x-www-form-urlencoded', new URLSearchParams({ ...valid, ...change }).toString());
      expect(res.status, field).toBe(400);
      const html = await res.text();
      expect(html.match(/class="field-error" id="([a-zA-Z]+)-error"/g), field).toEqual([`class="field-error" id="${field}-error"`]);
    }
    const json = await post('application/json', JSON.stringify({ ...valid, firstName: { a: 1 }, gdprConsent: true }));
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toContain('text/html');
    expect(await json.text()).toContain('kunne ikke leses');
    expect(await userCount()).toBe(before);
  });
});

describe('hub connections per user', () => {
  const open: WebSocket[] = [];
  afterAll(() => { for (const ws of open) ws.close(); });

  /** Opens and handshakes a connection, or answers how it was refused. */
  async function connect(token: string): Promise<{ ws: WebSocket; frames: string[] } | string> {
    const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}${HUB_PATH}?id=x`, { headers: { authorization: `Bearer ${token}` } });
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    const opened = await new Promise<string | null>((resolve) => {
      ws.once('open', () => resolve(null));
      ws.once('unexpected-response', (_req, r) => resolve(`http ${r.statusCode}`));
      ws.once('error', (e) => resolve(String(e)));
    });
    if (opened) return opened;
    open.push(ws);
    ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}\u001e`);
    await expect.poll(() => frames.join('')).toContain('{}\u001e');
    return { ws, frames };
  }

  it('refuses a connection past the cap with 429, keeps the others, and takes one again once one closes', async () => {
    const plumber = await t.login(people.email.plumberA, TEST_PASSWORD);
    const admin = await t.login(people.email.adminA, TEST_PASSWORD);
    const first = await Promise.all([connect(plumber), connect(plumber), connect(plumber)]);
    for (const c of first) expect(typeof c).toBe('object');

    expect(await connect(plumber)).toBe('http 429');
    const negotiate = await fetch(`${t.baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${plumber}` } });
    expect(negotiate.status).toBe(429);
    expect(await negotiate.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    // A flood at once gets no more than the cap either.
    const flood = await Promise.all(Array.from({ length: 10 }, () => connect(plumber)));
    expect(flood.filter((c) => typeof c === 'object')).toEqual([]);

    // The open ones still hear the company's events; another user connects as before.
    for (const c of first) if (typeof c === 'object') expect(c.ws.readyState).toBe(WebSocket.OPEN);
    await t.app.hub.publish(people.companyA.id, { OrganizationNumber: people.companyA.orgNumber, CustomerId: people.customerId, NotificationType: NotificationType.JobsChanged });
    for (const c of first) if (typeof c === 'object') await expect.poll(() => c.frames.join('')).toContain('plumber notification');
    expect(typeof await connect(admin)).toBe('object');

    const closed = first[0] as { ws: WebSocket };
    await new Promise<void>((resolve) => { closed.ws.once('close', () => resolve()); closed.ws.close(); });
    await expect.poll(async () => typeof await connect(plumber)).toBe('object');
  });
});
