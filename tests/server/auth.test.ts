/** Identity on real PostgreSQL: the embedded provider, the API guard, registration. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { importJWK, SignJWT, generateKeyPair, type JWK } from 'jose';
import { Role, UserStatus } from '../../src/domain/enums';
import { verifyPassword } from '../../server/db/password';
import { oidcPayloads, signingKeys, users } from '../../server/db/schema';
import { seedTestPeople, startTestApp, TEST_PASSWORD, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;

beforeAll(async () => {
  t = await startTestApp({ seed: async (db) => { people = await seedTestPeople(db); } });
});
afterAll(async () => {
  await t?.close();
});

const FORBIDDEN = "You don' have access to this API call";

async function ownKeyToken(claims: Record<string, unknown>, opts: { audience?: string; expiresAt?: number } = {}) {
  const [row] = await t.database.db.select().from(signingKeys).limit(1);
  const jwk = row.jwk as JWK;
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(t.app.context.config.oidcIssuer)
    .setAudience(opts.audience ?? t.app.context.config.apiAudience)
    .setSubject(people.id.adminA)
    .setIssuedAt()
    .setExpirationTime(opts.expiresAt ?? Math.floor(Date.now() / 1000) + 600)
    .sign(key);
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}${path}`, { headers });
  return { status: res.status, body: await res.json() };
}

describe('public routes', () => {
  it('health answers after a database round trip', async () => {
    expect(await get('/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('config gives MSAL an https authority with the real http endpoints', async () => {
    const { status, body } = await get('/api/config');
    expect(status).toBe(200);
    const host = new URL(t.baseUrl).host;
    expect(body).toMatchObject({
      clientId: t.app.context.config.oidcClientId,
      authority: `https://${host}/oidc`,
      knownAuthorities: [host],
      protocolMode: 'OIDC',
      apiAudience: t.app.context.config.apiAudience,
      scopes: ['api'],
      registrationUrl: `${t.baseUrl}/oidc/register`,
    });
    const metadata = JSON.parse(body.authorityMetadata);
    expect(metadata.issuer).toBe(`${t.baseUrl}/oidc`);
    expect(metadata.authorization_endpoint).toBe(`${t.baseUrl}/oidc/auth`);
    expect(metadata.token_endpoint).toBe(`${t.baseUrl}/oidc/token`);
    expect(metadata.end_session_endpoint).toBe(`${t.baseUrl}/oidc/session/end`);
    const discovery = await get('/oidc/.well-known/openid-configuration');
    expect(discovery.body.issuer).toBe(metadata.issuer);
    expect(discovery.body.token_endpoint).toBe(metadata.token_endpoint);
    expect(discovery.body.jwks_uri).toBe(metadata.jwks_uri);
  });
});

describe('token verification', () => {
  it('refuses a request without a token', async () => {
    const res = await get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
  });

  it('refuses garbage, foreign, expired and wrong-audience tokens', async () => {
    const customer = { 'x-waapi-context': people.customerId };
    const foreignKey = (await generateKeyPair('RS256')).privateKey;
    const foreign = await new SignJWT({ customer_id: people.customerId })
      .setProtectedHeader({ alg: 'RS256' }).setIssuer(t.app.context.config.oidcIssuer).setAudience(t.app.context.config.apiAudience)
      .setSubject(people.id.adminA).setExpirationTime('10m').sign(foreignKey);
    const expired = await ownKeyToken({ customer_id: people.customerId }, { expiresAt: Math.floor(Date.now() / 1000) - 120 });
    const wrongAudience = await ownKeyToken({ customer_id: people.customerId }, { audience: 'https://other.example/api' });
    for (const token of ['garbage', 'a.b.c', foreign, expired, wrongAudience]) {
      const res = await get('/api/me', { authorization: `Bearer ${token}`, ...customer });
      expect(res.status, token).toBe(401);
      expect(res.body.statusCode).toBe(401);
      expect(res.body.error).toBe('Unauthorized');
    }
    // The same key, audience and lifetime do pass: the failures above are for the reasons named.
    const good = await ownKeyToken({ customer_id: people.customerId });
    expect((await get('/api/me', { authorization: `Bearer ${good}`, ...customer })).status).toBe(200);
  });

  it('refuses the ID token as an access token', async () => {
    const result = await t.signIn(people.email.adminA, TEST_PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    const res = await get('/api/me', { authorization: `Bearer ${result.tokens.id_token}`, 'x-waapi-context': people.customerId });
    expect(res.status).toBe(401);
  });
});

describe('sign-in through the provider', () => {
  it('gives access and ID tokens carrying the spec claims, and /api/me the user', async () => {
    const result = await t.signIn(people.email.adminA, TEST_PASSWORD);
    if (!result.ok) throw new Error(`sign-in failed: ${result.status}`);
    const { access_token: access, id_token: id } = result.tokens;
    const expected = {
      sub: people.id.adminA,
      name: 'Kari Hansen',
      email: people.email.adminA,
      given_name: 'Kari',
      family_name: 'Hansen',
      job_role: Role.PlumberAdmin,
      registration_id: expect.any(Number),
      customer_id: people.customerId,
      customer_number: expect.stringMatching(/^46/),
      customer_name: 'Bergen Vann KF',
      company_id: people.companyA.id,
      org_number: people.companyA.orgNumber,
      group_agreement: true,
      agreement_start: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      agreement_end: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      gdpr_consent: true,
    };
    expect(tokenClaims(access)).toMatchObject({ ...expected, aud: t.app.context.config.apiAudience, iss: t.app.context.config.oidcIssuer });
    expect(tokenClaims(id)).toMatchObject({ ...expected, aud: t.app.context.config.oidcClientId });
    expect(result.tokens.refresh_token).toEqual(expect.any(String));

    const me = await t.api(access, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      userId: people.id.adminA, customerId: people.customerId, companyId: people.companyA.id, customerName: 'Bergen Vann KF',
      firstName: 'Kari', lastName: 'Hansen', displayName: 'Kari Hansen', email: people.email.adminA, isAdmin: true,
      isActive: true, roleId: Role.PlumberAdmin, userStatus: UserStatus.Activated,
      companyInfo: { id: people.companyA.id, orgNumber: people.companyA.orgNumber, name: 'Rørlegger Hansen AS', postcode: 5013 },
    });
    expect(me.body.userRegistrationId).toBe(tokenClaims(access).registration_id);
  });

  it('keeps its state in PostgreSQL', async () => {
    expect((await t.database.db.select().from(signingKeys)).length).toBe(1);
    const [{ n }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(oidcPayloads).where(eq(oidcPayloads.type, 'Session'));
    expect(n).toBeGreaterThan(0);
  });

  it('says wrong e-mail or password without telling which', async () => {
    for (const [email, password] of [[people.email.plumberA, 'feil-passord'], ['ingen@example.no', TEST_PASSWORD]]) {
      const result = await t.signIn(email, password);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.status).toBe(401);
      expect(result.html).toContain('Feil e-post eller passord.');
    }
  });

  it('refuses a pending user with the awaiting-approval message', async () => {
    const result = await t.signIn(people.email.pendingA, TEST_PASSWORD);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(403);
    expect(result.html).toContain('venter på godkjenning fra administratoren i firmaet ditt');
  });

  it('refuses rejected and deactivated users with their own messages', async () => {
    const rejected = await t.signIn(people.email.rejectedA, TEST_PASSWORD);
    const deactivated = await t.signIn(people.email.deactivatedA, TEST_PASSWORD);
    expect(!rejected.ok && rejected.html).toContain('Registreringen din er avvist');
    expect(!deactivated.ok && deactivated.html).toContain('Kontoen din er deaktivert');
  });

  it('renews with the refresh token grant, and stops once the user is deactivated', async () => {
    const result = await t.signIn(people.email.plumberA, TEST_PASSWORD);
    if (!result.ok) throw new Error('sign-in failed');
    const refresh = (token: string) => fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: t.app.context.config.oidcClientId }).toString(),
    });
    const res = await refresh(result.tokens.refresh_token!);
    expect(res.status).toBe(200);
    const renewed = await res.json();
    expect(renewed.access_token).not.toBe(result.tokens.access_token);
    expect(tokenClaims(renewed.access_token)).toMatchObject({ sub: people.id.plumberA, aud: t.app.context.config.apiAudience, job_role: Role.Plumber });
    expect((await t.api(renewed.access_token, 'GET', '/api/me')).body.userId).toBe(people.id.plumberA);

    await t.database.db.update(users).set({ status: UserStatus.Deactivated }).where(eq(users.id, people.id.plumberA));
    try {
      const api = await t.api(renewed.access_token, 'GET', '/api/me');
      expect(api.status).toBe(401);
      expect((await refresh(renewed.refresh_token)).status).toBe(400);
    } finally {
      await t.database.db.update(users).set({ status: UserStatus.Activated }).where(eq(users.id, people.id.plumberA));
    }
  });
});

describe('X-WAAPI-CONTEXT', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.login(people.email.plumberA, TEST_PASSWORD);
  });

  it('is required', async () => {
    const res = await fetch(`${t.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'X-WAAPI-CONTEXT header is required' });
  });

  it("must name the token's customer", async () => {
    const res = await t.api(token, 'GET', '/api/me', undefined, { 'x-waapi-context': people.otherCustomerId });
    expect(res).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: FORBIDDEN } });
  });

  it('compares without braces and case', async () => {
    const res = await t.api(token, 'GET', '/api/me', undefined, { 'x-waapi-context': `{${people.customerId.toUpperCase()}}` });
    expect(res.status).toBe(200);
  });
});

describe('registration', () => {
  const form = (values: Record<string, string>) => fetch(`${t.baseUrl}/oidc/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  });
  const valid = () => ({
    firstName: 'Nils', lastName: 'Nysveen', email: `nils.${Date.now()}@example.no`, mobile: '+47 912 34 567',
    password: 'hemmelig123', companyId: people.companyA.id, gdprConsent: 'true',
  });
  const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

  it('lists the companies with their organisation numbers', async () => {
    const res = await fetch(`${t.baseUrl}/oidc/register`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const c of [people.companyA, people.companyB, people.companyC]) {
      expect(html).toContain(`value="${c.id}"`);
      expect(html).toContain(c.orgNumber);
    }
  });

  it('names every invalid field and writes nothing', async () => {
    const before = await userCount();
    const res = await form({ firstName: '', lastName: ' ', email: 'ikke-epost', mobile: '12345678', password: 'kort', companyId: '' });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const f of ['firstName', 'lastName', 'email', 'mobile', 'password', 'companyId', 'gdprConsent']) {
      expect(html, f).toContain(`id="${f}-error"`);
    }
    expect(html).toContain('Passordet må ha minst 8 tegn.');
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['mobile', { mobile: '0046 91234567' }],
    ['mobile', { mobile: '9123456' }],
    ['password', { password: '1234567' }],
    ['companyId', { companyId: '00000000-0000-0000-0000-000000000000' }],
    ['gdprConsent', { gdprConsent: '' }],
  ])('refuses a bad %s alone', async (fieldName, change) => {
    const before = await userCount();
    const res = await form({ ...valid(), ...change });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html.match(/class="field-error" id="([a-zA-Z]+)-error"/g)).toEqual([`class="field-error" id="${fieldName}-error"`]);
    expect(await userCount()).toBe(before);
  });

  it('makes no second account for an e-mail that is taken, in any case, and does not say so', async () => {
    const before = await userCount();
    const res = await form({ ...valid(), email: people.email.adminB.toUpperCase() });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/oidc\/register\/done/);
    expect(await userCount()).toBe(before);
  });

  it('creates a pending plumber in the chosen company, who cannot sign in yet', async () => {
    const values = { ...valid(), mobile: '0047 41234567' };
    const res = await form(values);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/oidc\/register\/done/);
    const done = await fetch(new URL(res.headers.get('location')!, t.baseUrl));
    expect(await done.text()).toContain('venter nå på godkjenning');

    const [row] = await t.database.db.select().from(users).where(eq(users.email, values.email));
    expect(row).toMatchObject({
      roleId: Role.Plumber, status: UserStatus.Pending, companyId: people.companyA.id, customerId: people.customerId,
      firstName: 'Nils', lastName: 'Nysveen', displayName: 'Nils Nysveen', mobile: '004741234567', gdprConsent: true,
    });
    expect(await verifyPassword(values.password, row.passwordHash)).toBe(true);

    const signIn = await t.signIn(values.email, values.password);
    expect(!signIn.ok && signIn.html).toContain('venter på godkjenning');
  });
});
