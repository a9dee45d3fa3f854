/** One typed configuration, read from the environment, with embedded defaults for `npm start`. */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Public origin the browser uses, e.g. http://localhost:3000. */
  publicUrl: string;
  /** External PostgreSQL; when absent an embedded server runs with data in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  embeddedPgPort: number;
  /** Load demo data into an empty database. */
  seedDemoData: boolean;
  /** Issuer the API trusts. Defaults to the embedded provider at {publicUrl}/oidc. */
  oidcIssuer: string;
  /** Audience of access tokens for this API. */
  apiAudience: string;
  /** Client id the web app uses with the identity provider. */
  oidcClientId: string;
  /** Serve the embedded identity provider at /oidc (off when pointing at Entra ID). */
  embeddedIdp: boolean;
  /** Cookie signing keys for the embedded provider. */
  cookieKeys: string[];
  /** Directory of the built web app (vite build output). */
  webDir: string;
  /** Build the web app at start-up when it is missing or older than its sources (BUILD_WEB). */
  buildWeb: boolean;
  logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For/-Proto: false (none, the default), a hop count, or a
   * comma-separated list of addresses/CIDRs (Fastify's trustProxy). Provider URLs never follow
   * X-Forwarded-Host: they derive from publicUrl.
   */
  trustProxy: boolean | number | string;
  rateLimit: RateLimits;
  /** Where image files live: null keeps them under dataDir/media; several processes need S3. */
  mediaS3: MediaS3Config | null;
  /** Bytes of image files one company may keep (MEDIA_QUOTA_MB_PER_COMPANY); an upload past it is refused (413). */
  mediaQuotaBytes: number;
}

/** An S3-compatible bucket for image files (MEDIA_S3_*); path-style URLs, SigV4. */
export interface MediaS3Config {
  /** e.g. https://s3.eu-north-1.amazonaws.com or http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function mediaS3(): MediaS3Config | null {
  const endpoint = process.env.MEDIA_S3_ENDPOINT;
  if (!endpoint) return null;
  const need = (name: string) => {
    const v = process.env[name];
    if (!v) throw new Error(`Configuration ${name} is required when MEDIA_S3_ENDPOINT is set`);
    return v;
  };
  return {
    endpoint: endpoint.replace(/\/$/, ''),
    bucket: need('MEDIA_S3_BUCKET'),
    region: process.env.MEDIA_S3_REGION || 'us-east-1',
    accessKeyId: need('MEDIA_S3_ACCESS_KEY_ID'),
    secretAccessKey: need('MEDIA_S3_SECRET_ACCESS_KEY'),
  };
}

/** Limits per window; every server process shares the counts (server/security/rateLimit.ts). */
export interface RateLimits {
  /** Requests per client address per minute, everything the server serves. */
  perIpPerMinute: number;
  /** Signed-in API requests per user per minute. */
  perUserPerMinute: number;
  /**
   * Failed sign-ins per account and client address per 15 minutes (past it that address waits for
   * that account; a successful sign-in clears it). Past it across all addresses, addresses that have
   * failed on the account are slowed down (server/auth/interactions.ts).
   */
  loginPerAccount: number;
  /** Sign-in attempts per client address per 15 minutes. */
  loginPerIp: number;
  /** Self-registrations per client address per hour. */
  registrationsPerIp: number;
  /** Open hub connections per user in one server process. */
  hubConnectionsPerUser: number;
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Configuration ${name} must be a whole number, got "${raw}"`);
  return n;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw.trim() === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  if (raw === 'true') throw new Error('Configuration TRUST_PROXY=true would trust anyone: name the proxies (addresses or CIDRs) or a hop count');
  return raw.split(',').map((s) => s.trim()).filter(Boolean).join(',');
}

function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw === '1' || raw.toLowerCase() === 'true';
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const port = overrides.port ?? int('PORT', 3000);
  const publicUrl = (overrides.publicUrl ?? process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const root = process.cwd();
  const base: Config = {
    port,
    host: process.env.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: path.resolve(root, process.env.DATA_DIR ?? 'data'),
    embeddedPgPort: int('EMBEDDED_PG_PORT', 5433),
    seedDemoData: bool('SEED_DEMO_DATA', true),
    oidcIssuer: process.env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    apiAudience: process.env.API_AUDIENCE ?? `${publicUrl}/api`,
    oidcClientId: process.env.OIDC_CLIENT_ID ?? 'meterwork-web',
    embeddedIdp: bool('EMBEDDED_IDP', true),
    cookieKeys: (process.env.COOKIE_KEYS ?? 'meterwork-dev-cookie-key-change-me').split(','),
    webDir: path.resolve(root, process.env.WEB_DIR ?? 'dist'),
    buildWeb: bool('BUILD_WEB', true),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxy(process.env.TRUST_PROXY),
    rateLimit: {
      perIpPerMinute: int('RATE_LIMIT_PER_IP', 6000),
      perUserPerMinute: int('RATE_LIMIT_PER_USER', 3000),
      loginPerAccount: int('RATE_LIMIT_LOGIN_PER_ACCOUNT', 10),
      loginPerIp: int('RATE_LIMIT_LOGIN_PER_IP', 100),
      registrationsPerIp: int('RATE_LIMIT_REGISTRATIONS_PER_IP', 20),
      hubConnectionsPerUser: int('RATE_LIMIT_HUB_CONNECTIONS_PER_USER', 10),
    },
    mediaS3: mediaS3(),
    mediaQuotaBytes: int('MEDIA_QUOTA_MB_PER_COMPANY', 51_200) * 1024 * 1024,
  };
  return { ...base, ...overrides };
}
