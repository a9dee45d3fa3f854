/**
 * Issue 7 §1: no spelling of a path skips sign-in; limits on guessing and flooding, shared between
 * processes; the security headers; provider URLs that no forwarded header can rewrite; a deactivated
 * user's hub connection closed at once; registration that does not tell which addresses exist.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { UserStatus } from '../../src/domain/enums';
import { seedTestPeople, startTestApp, TEST_PASSWORD, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

interface RawAnswer { status: number; headers: http.IncomingHttpHeaders; body: string }

/** A request whose path goes on the wire exactly as written (fetch would normalise it). */
function raw(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const enc = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
const ENC = (c: string) => enc(c).toUpperCase();

/** Every way of writing one path that a router or a proxy might read as the same route. */
export function spellings(path: string): string[] {
  const [, first, rest] = /^\/([^/]+)(.*)$/.exec(path)!;
  return [
    path,
    path.toLowerCase(),
    path.toUpperCase(),
    `/${enc(first[0])}${first.slice(1)}${rest}`,
    `/${ENC(first[0]).toUpperCase()}${first.slice(1).toUpperCase()}${rest}`,
    `/${first[0]}${enc(first[1])}${first.slice(2)}${rest}`,
    `/${[...first].map(enc).join('')}${rest}`,
    `/${first}${rest.replace(/\/([^/])/, (_, c: string) => `/${enc(c)}`)}`,
    `/${first}${rest.replace(/\//g, '%2F')}`,
    `/${first}${rest.replace(/\//g, '%2f')}`,
    `//${first}${rest}`,
    `/${first}/${rest}`,
    `/./${first}${rest}`,
    `/${first}/.${rest}`,
    `/x/../${first}${rest}`,
    `/${first}/x/..${rest}`,
    `/%2e/${first}${rest}`,
    `/${first}${rest}/`,
    `/${first}${rest};x=1`,
    `/${first}${rest}%00`,
    `/${first}${rest}?access_token=x`,
  ];
}

/** A concrete path for a route pattern: every parameter given a plausible value. */
const concrete = (pattern: string) => pattern
  .replace(/:([A-Za-z]+)\(([^)]*)\)/g, '1')
  .replace(/:id\b/gi, '1')
  .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000001')
  .replace(/\*$/, 'x');

describe('sign-in cannot be skipped by spelling a path differently', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('knows its API routes, and only the ones meant to be public are', () => {
    const api = t.app.routeTable.filter((r) => /^\/api(\/|$)/i.test(r.url));
    expect(api.length).toBeGreaterThan(20);
    const publicRoutes = [...new Set(api.filter((r) => r.public).map((r) => r.url.toLowerCase()))];
    for (const url of publicRoutes) expect(['/api/config', '/api/health', '/api/openapi.json', '/api/docs', '/api/docs/*', '/api/docs/static/*', '/api/docs/json', '/api/docs/yaml', '/api/docs/initoauth.js', '/api/docs/',
      // The owner's answer link (routes/ownerAnswer.ts): its signed token is the owner's proof.
      '/api/owneranswer/:token'].some((p) => url === p || url.startsWith('/api/docs'))).toBe(true);
  });

  it('answers 401 or 404 (never data, never 5xx) to every spelling of every signed-in route', async () => {
    const routes = t.app.routeTable.filter((r) => /^\/api(\/|$)/i.test(r.url) && !r.public && r.method !== 'HEAD');
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const path of spellings(concrete(route.url))) {
        const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? '{}' : undefined;
        const res = await raw(t.baseUrl, route.method, path, body ? { 'content-type': 'application/json' } : {}, body);
        sent++;
        const spaShell = res.status === 200 && String(res.headers['content-type']).startsWith('text/html');
        if (!(res.status === 401 || res.status === 404 || res.status === 400 || spaShell) || res.status >= 500) {
          failures.push(`${route.method} ${path} -> ${res.status} ${res.body.slice(0, 80)}`);
        }
        if (res.status === 400 && !/bad request|path|url/i.test(res.body)) failures.push(`${route.method} ${path} -> 400 ${res.body.slice(0, 80)}`);
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });

  it('the spelling from the report, /%61pi/JobTypes, asks for a token', async () => {
    for (const path of ['/%61pi/JobTypes', '/%41PI/JobTypes', '/a%70i/JobTypes', '/API/JOBTYPES']) {
      const res = await raw(t.baseUrl, 'GET', path);
      expect.soft(res.status, path).toBe(401);
      expect.soft(res.headers['www-authenticate'], path).toBe('Bearer');
    }
  });
});

describe('limits on guessing and flooding', () => {
  let t: TestApp;
  let t2: TestApp;
  let people: TestPeople;
  const limits = { ...loadConfig().rateLimit, loginPerAccount: 5, loginPerIp: 1000, perUserPerMinute: 30, registrationsPerIp: 3 };
  beforeAll(async () => {
    t = await startTestApp({ config: { rateLimit: limits } });
    people = await seedTestPeople(t.database.db);
    // A second server process on the same database: the counts are shared.
    t2 = await startTestApp({ database: t.database, config: { rateLimit: limits, publicUrl: t.baseUrl } });
    // Two servers and a database: more than the default minute when the machine is loaded.
  }, 180_000);
  afterAll(async () => { await t2?.close(); await t?.close(); });

  it('refuses the right password after too many wrong ones, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await t.signIn(people.email.plumberA, `wrong-${i}`);
      expect(wrong.ok).toBe(false);
      if (!wrong.ok) expect(wrong.status).toBe(401);
    }
    const right = await t.signIn(people.email.plumberA, TEST_PASSWORD);
    expect(right.ok).toBe(false);
    if (!right.ok) {
      expect(right.status).toBe(429);
      expect(right.html).toMatch(/For mange innloggingsforsøk|Too many sign-in attempts/);
    }
  });

  it('gains nothing from guessing in parallel', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => t.signIn(people.email.adminA, `wrong-${i}`)));
    const statuses = results.map((r) => (r.ok ? 200 : r.status));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    const right = await t.signIn(people.email.adminA, TEST_PASSWORD);
    expect(right.ok).toBe(false);
  });

  it('a successful sign-in clears the account\'s count', async () => {
    for (let i = 0; i < 4; i++) await t.signIn(people.email.adminB, `wrong-${i}`);
    expect((await t.signIn(people.email.adminB, TEST_PASSWORD)).ok).toBe(true);
    for (let i = 0; i < 4; i++) await t.signIn(people.email.adminB, `wrong-${i}`);
    expect((await t.signIn(people.email.adminB, TEST_PASSWORD)).ok).toBe(true);
  });

  it('limits API requests per user across both processes, with Retry-After', async () => {
    const token = await t.login(people.email.adminC, TEST_PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await (i % 2 ? t : t2).api(token, 'GET', '/api/JobTypes')).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual([429, 429]);
    const res = await fetch(`${t.baseUrl}/api/JobTypes`, { headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });

  it('registration answers alike for a known and a new address, and is limited per address', async () => {
    const form = (email: string) => new URLSearchParams({
      firstName: 'Kari', lastName: 'Nordmann', email, mobile: '91234567', password: 'et-langt-passord',
      companyId: people.companyA.id, gdprConsent: 'on',
    }).toString();
    const post = (email: string, headers: Record<string, string> = {}) =>
      raw(t.baseUrl, 'POST', '/oidc/register', { 'content-type': 'application/x-www-form-urlencoded', ...headers }, form(email));
    const before = await t.database.db.select().from(users).where(eq(users.email, people.email.plumberA));

    const known = await post(people.email.plumberA);
    const fresh = await post(`ny-${Date.now()}@example.no`);
    expect(known.status).toBe(303);
    expect(fresh.status).toBe(303);
    expect(known.headers.location).toBe(fresh.headers.location);
    expect(known.body).toBe(fresh.body);
    // The known address's account is untouched; no second account was made.
    const after = await t.database.db.select().from(users).where(eq(users.email, people.email.plumberA));
    expect(after).toEqual(before);

    // A spoofed X-Forwarded-For is not trusted (no TRUST_PROXY): the address stays the same.
    const third = await post(`ny2-${Date.now()}@example.no`, { 'x-forwarded-for': '203.0.113.9' });
    expect(third.status).toBe(303);
    const fourth = await post(`ny3-${Date.now()}@example.no`, { 'x-forwarded-for': '203.0.113.10' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('security headers and provider URLs', () => {
  let t: TestApp;
  let people: TestPeople;
  beforeAll(async () => {
    t = await startTestApp();
    people = await seedTestPeople(t.database.db);
  });
  afterAll(async () => { await t?.close(); });

  const expectHardened = (res: RawAnswer, path: string) => {
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect.soft(scriptSrc, path).not.toContain('unsafe-inline');
    // WebAssembly compilation only (the barcode reader); no JavaScript eval.
    expect.soft(scriptSrc.replace("'wasm-unsafe-eval'", ''), path).not.toContain('unsafe-eval');
    expect.soft(csp, path).toContain("frame-ancestors 'none'");
    expect.soft(csp, path).toContain("object-src 'none'");
    expect.soft(res.headers['x-content-type-options'], path).toBe('nosniff');
    expect.soft(res.headers['x-frame-options'], path).toBe('DENY');
    expect.soft(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect.soft(res.headers['strict-transport-security'], path).toBeUndefined();
  };

  it('hardens the app, the API, the provider and its login page', async () => {
    const paths = ['/', '/jobs', '/api/health', '/api/config', '/api/nothing-here', '/oidc/.well-known/openid-configuration', '/oidc/register', '/hubs/notifications/negotiate'];
    for (const path of paths) expectHardened(await raw(t.baseUrl, path.endsWith('negotiate') ? 'POST' : 'GET', path), path);
    // The login page itself (reached through a real authorization request).
    const auth = await fetch(`${t.baseUrl}/oidc/auth?client_id=meterwork-web&redirect_uri=${encodeURIComponent(`${t.baseUrl}/`)}&response_type=code&scope=openid&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`, { redirect: 'manual' });
    const login = await raw(t.baseUrl, 'GET', new URL(auth.headers.get('location')!, t.baseUrl).pathname, { cookie: auth.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') });
    expect(login.body).toContain('<form');
    expectHardened(login, 'login page');
  });

  it('lets only MSAL\'s silent-renewal page be framed, by our own origin', async () => {
    const res = await raw(t.baseUrl, 'GET', '/redirect.html');
    if (res.status === 200) {
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('keeps signed-in API answers out of caches', async () => {
    const token = await t.login(people.email.adminA, TEST_PASSWORD);
    const res = await fetch(`${t.baseUrl}/api/JobTypes`, { headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await raw(t.baseUrl, 'GET', '/api/Jobs')).headers['cache-control']).toBe('no-store');
  });

  it('builds the provider\'s URLs from PUBLIC_URL, whatever Host or X-Forwarded-Host say', async () => {
    const res = await raw(t.baseUrl, 'GET', '/oidc/.well-known/openid-configuration', {
      'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example',
    });
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.body) as Record<string, unknown>;
    const urls = Object.values(doc).filter((v): v is string => typeof v === 'string' && /^https?:/.test(v));
    expect(urls.length).toBeGreaterThan(4);
    for (const url of urls) expect(url.startsWith(`${t.baseUrl}/oidc`)).toBe(true);
  });
});

describe('HTTPS deployments', () => {
  it('send HSTS and upgrade insecure requests', async () => {
    const t = await startTestApp({ config: { publicUrl: 'https://meterwork.example', oidcIssuer: 'https://meterwork.example/oidc', apiAudience: 'https://meterwork.example/api' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});

describe('a user who may no longer sign in', () => {
  let t: TestApp;
  let people: TestPeople;
  beforeAll(async () => {
    t = await startTestApp();
    people = await seedTestPeople(t.database.db);
  });
  afterAll(async () => { await t?.close(); });

  async function connect(token: string) {
    const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/hubs/notifications?id=x`, { headers: { authorization: `Bearer ${token}` } });
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}\u001e`);
    await expect.poll(() => frames.join('')).toContain('{}\u001e');
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    return { ws, frames, closed };
  }

  it('loses their open hub connection at once when deactivated or rejected; others keep theirs', async () => {
    const adminToken = await t.login(people.email.adminA, TEST_PASSWORD);
    const plumberToken = await t.login(people.email.plumberA, TEST_PASSWORD);
    const plumber = await connect(plumberToken);
    const admin = await connect(adminToken);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, people.id.plumberA));
    const res = await t.api(adminToken, 'PUT', '/api/Users', { id: row.registrationId, status: UserStatus.Deactivated });
    expect(res.status).toBe(200);

    const code = await Promise.race([plumber.closed, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
    expect(code).toBe(1008);
    expect(plumber.frames.join('')).toContain('User is not active');
    expect(admin.ws.readyState).toBe(WebSocket.OPEN);
    // And the token no longer opens a new one.
    const again = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/hubs/notifications?id=y`, { headers: { authorization: `Bearer ${plumberToken}` } });
    const refused = await new Promise<string>((resolve) => {
      again.once('unexpected-response', (_req, r) => resolve(`http ${r.statusCode}`));
      again.once('open', () => resolve('open'));
      again.once('error', (e) => resolve(String(e)));
    });
    expect(refused).toBe('http 401');
    admin.ws.close();
  });
});
