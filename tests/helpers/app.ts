/**
 * The whole server on a real port and a fresh database, for integration tests. login() signs in the
 * way a browser does: authorization code + PKCE through /oidc and its login form.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Role, UserStatus } from '../../src/domain/enums';
import { buildApp } from '../../server/app';
import { createContext } from '../../server/context';
import { hashPassword } from '../../server/db/password';
import { loadConfig, type Config } from '../../server/config';
import type { Database, Db } from '../../server/db/index';
import { companies, customers, users } from '../../server/db/schema';
import { createTestDatabase } from './db';
import { freePort } from './freePort';

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

/**
 * A sign-in either ends with tokens (and the provider's cookies, for a logout through the browser's
 * session), or on a page of the provider (the login form with its message).
 */
export type SignInResult = { ok: true; tokens: TokenSet; cookie: string } | { ok: false; status: number; html: string };

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  database: Database & { url: string };
  close(): Promise<void>;
  /** Real OIDC authorization-code + PKCE flow through /oidc with the login form; returns the access token. */
  login(email: string, password: string): Promise<string>;
  /** The same flow, returning every token, or the page the provider stopped on. */
  signIn(email: string, password: string, headers?: Record<string, string>): Promise<SignInResult>;
  /** fetch against baseUrl with Authorization + X-WAAPI-CONTEXT for that token's customer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of every shape
  api(token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

/** Just enough of a browser's cookie jar for one sign-in on one host. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const decodeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

export function tokenClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** `headers` go with every request of the flow (e.g. X-Forwarded-For, to sign in from another address). */
export async function signInWithPassword(
  baseUrl: string, clientId: string, email: string, password: string, headers: Record<string, string> = {},
): Promise<SignInResult> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseUrl}/`;
  const state = randomBytes(8).toString('hex');
  let url = `${baseUrl}/oidc/auth?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile api',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  })}`;
  let submitted = false;
  let code: string | null = null;

  for (let hop = 0; hop < 12 && !code; hop++) {
    let res = await fetch(url, { redirect: 'manual', headers: { ...headers, cookie: jar.header() } });
    jar.take(res);
    if (res.status === 200 && !submitted) {
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) return { ok: false, status: res.status, html };
      submitted = true;
      res = await fetch(new URL(decodeHtml(action), url), {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
      });
      jar.take(res);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { ok: false, status: res.status, html: await res.text() };
    url = new URL(location, url).toString();
    if (url.startsWith(redirectUri) && !url.startsWith(`${baseUrl}/oidc/`)) {
      const answer = new URL(url);
      const params = answer.searchParams.has('code') ? answer.searchParams : new URLSearchParams(answer.hash.slice(1));
      if (params.get('state') !== state) throw new Error(`state mismatch in ${url}`);
      code = params.get('code');
      if (!code) throw new Error(`no code in ${url}`);
    }
  }
  if (!code) throw new Error('sign-in did not finish');

  const res = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId }).toString(),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`token request failed: ${res.status} ${JSON.stringify(body)}`);
  return { ok: true, tokens: body as TokenSet, cookie: jar.header() };
}

export interface TestAppOptions {
  seed?: (db: Db) => Promise<void>;
  /** Settings over the embedded defaults (e.g. lower rate limits); a function is given the server's base URL (e.g. for a provider's callbacks). */
  config?: Partial<Config> | ((baseUrl: string) => Partial<Config>);
  /** Another test app's database, for a second server process on the same data. */
  database?: Database & { url: string };
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const shared = opts.database;
  const database = shared ?? await createTestDatabase();
  if (opts.seed) await opts.seed(database.db);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dist = path.resolve('dist');
  const webDir = fs.existsSync(path.join(dist, 'index.html')) ? dist : path.join(os.tmpdir(), 'meterwork-no-web-build');
  const overrides = typeof opts.config === 'function' ? opts.config(baseUrl) : opts.config;
  // Lists are written ahead only where a test asks for it (the server tests count the lists written).
  const config = loadConfig({ port, publicUrl: baseUrl, logLevel: 'silent', webDir, warmAssignmentLists: false, ...overrides });
  const app = await buildApp(createContext(config, database));
  await app.listen({ port, host: '127.0.0.1' });

  const signIn = (email: string, password: string, headers?: Record<string, string>) =>
    signInWithPassword(baseUrl, config.oidcClientId, email, password, headers);

  return {
    app,
    baseUrl,
    database,
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
    signIn,
    async login(email, password) {
      const result = await signIn(email, password);
      if (!result.ok) throw new Error(`login of ${email} stopped with ${result.status}`);
      return result.tokens.access_token;
    },
    async api(token, method, urlPath, body, headers = {}) {
      const res = await fetch(`${baseUrl}${urlPath}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-waapi-context': String(tokenClaims(token).customer_id ?? ''),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
      return { status: res.status, body: parsed };
    },
  };
}

/** Password of every user seedTestPeople() makes. */
export const TEST_PASSWORD = 'riktig-passord-1';

export type TestPerson = 'adminA' | 'plumberA' | 'pendingA' | 'rejectedA' | 'deactivatedA' | 'adminB' | 'adminC';

export interface TestPeople {
  customerId: string;
  otherCustomerId: string;
  companyA: { id: string; orgNumber: string };
  companyB: { id: string; orgNumber: string };
  companyC: { id: string; orgNumber: string };
  id: Record<TestPerson, string>;
  email: Record<TestPerson, string>;
}

/**
 * A test's own people: companies A (agreement in force) and B of one utility, C of another; an admin
 * in each, and in A an active plumber plus a pending, a rejected and a deactivated one.
 */
export async function seedTestPeople(db: Db): Promise<TestPeople> {
  const tag = randomBytes(3).toString('hex');
  const digits = String(parseInt(tag, 16)).padStart(8, '0').slice(-8);
  const hash = await hashPassword(TEST_PASSWORD);
  const [customer] = await db.insert(customers).values({ number: `46${digits}`, name: 'Bergen Vann KF' }).returning();
  const [other] = await db.insert(customers).values({ number: `03${digits}`, name: 'Oslo Vann og avløp' }).returning();
  const company = async (customerId: string, org: string, name: string, hasAgreement: boolean) => {
    const [c] = await db.insert(companies).values({
      customerId, orgNumber: org, name, address: 'Strandgaten 1', postcode: 5013, city: 'Bergen',
      telephone: '55112233', email: `post@${org}.no`, hasAgreement,
      agreementStart: hasAgreement ? new Date(Date.now() - 86_400_000) : null,
      agreementEnd: hasAgreement ? new Date(Date.now() + 365 * 86_400_000) : null,
    }).returning();
    return { id: c.id, orgNumber: c.orgNumber };
  };
  const companyA = await company(customer.id, `9${digits}1`, 'Rørlegger Hansen AS', true);
  const companyB = await company(customer.id, `9${digits}2`, 'Bygg og Rør Vest AS', false);
  const companyC = await company(other.id, `9${digits}3`, 'Oslo Rør AS', true);

  const specs: Record<TestPerson, [string, string, number, number, string, string]> = {
    adminA: [customer.id, companyA.id, Role.PlumberAdmin, UserStatus.Activated, 'Kari', 'Hansen'],
    plumberA: [customer.id, companyA.id, Role.Plumber, UserStatus.Activated, 'Ola', 'Nordmann'],
    pendingA: [customer.id, companyA.id, Role.Plumber, UserStatus.Pending, 'Per', 'Venter'],
    rejectedA: [customer.id, companyA.id, Role.Plumber, UserStatus.Rejected, 'Rune', 'Avvist'],
    deactivatedA: [customer.id, companyA.id, Role.Plumber, UserStatus.Deactivated, 'Dag', 'Deaktiv'],
    adminB: [customer.id, companyB.id, Role.PlumberAdmin, UserStatus.Activated, 'Berit', 'Berg'],
    adminC: [other.id, companyC.id, Role.PlumberAdmin, UserStatus.Activated, 'Cato', 'Carlsen'],
  };
  const id = {} as Record<TestPerson, string>;
  const email = {} as Record<TestPerson, string>;
  for (const [person, [customerId, companyId, roleId, status, firstName, lastName]] of Object.entries(specs) as [TestPerson, typeof specs[TestPerson]][]) {
    email[person] = `${person.toLowerCase()}.${tag}@example.no`;
    const [u] = await db.insert(users).values({
      customerId, companyId, roleId, status, firstName, lastName, displayName: `${firstName} ${lastName}`,
      email: email[person], mobile: '91234567', passwordHash: hash, gdprConsent: true,
    }).returning({ id: users.id });
    id[person] = u.id;
  }
  return { customerId: customer.id, otherCustomerId: other.id, companyA, companyB, companyC, id, email };
}

/** The signed-in roles of seedTestPeople the settings tests use, by what they may do. */
export interface RoleTokens {
  /** adminA: an admin whose company's agreement is in force. */
  admin: string;
  /** plumberA: a plumber of that company. */
  plumber: string;
  /** adminB: an admin of a company without an agreement. */
  adminNoAgreement: string;
  /** adminC: an admin of another customer's company. */
  otherAdmin: string;
}

export async function signInRoles(t: TestApp, people: TestPeople): Promise<RoleTokens> {
  const [admin, plumber, adminNoAgreement, otherAdmin] = await Promise.all([
    t.login(people.email.adminA, TEST_PASSWORD), t.login(people.email.plumberA, TEST_PASSWORD),
    t.login(people.email.adminB, TEST_PASSWORD), t.login(people.email.adminC, TEST_PASSWORD),
  ]);
  return { admin, plumber, adminNoAgreement, otherAdmin };
}
