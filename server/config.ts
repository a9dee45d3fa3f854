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
  /**
   * Write a company's assignment list ahead while its admins use the app (WARM_ASSIGNMENT_LISTS,
   * services/assignments/list.ts warmAssignmentList). Off in the server tests, which count lists written.
   */
  warmAssignmentLists: boolean;
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
  /** Where the server's SMS go (SMS_PROVIDER; server/sms/gateway.ts smsGatewayFor). */
  sms: SmsProviderConfig;
  /**
   * How long after its hand-over the embedded gateway reports a message delivered
   * (EMBEDDED_SMS_DELIVERY_DELAY_MS): pending until then, as a provider's report is; 0 delivers at once.
   */
  embeddedSmsDeliveryDelayMs: number;
}

/** The embedded gateway (the default: messages stay in the database), or Twilio's Programmable Messaging. */
export type SmsProviderConfig = { provider: 'embedded' } | { provider: 'twilio'; twilio: TwilioConfig };

/** Twilio's account and where it calls us back (TWILIO_*, PUBLIC_BASE_URL; server/sms/twilio.ts). */
export interface TwilioConfig {
  /** AC… */
  accountSid: string;
  /** The HMAC key of the callbacks' X-Twilio-Signature too. */
  authToken: string;
  /**
   * What messages are sent from: an E.164 number or a Messaging Service SID (MG…). Not the company's
   * display name: an alphanumeric sender cannot be answered, and notices are answered (spec 2 §4).
   */
  from: string;
  /** https://api.twilio.com; the tests point it at a fake of Twilio. */
  apiBase: string;
  /** The origin Twilio calls back, reachable from the internet over HTTPS, without a trailing slash. */
  publicBaseUrl: string;
}

const SMS_PROVIDERS = ['embedded', 'twilio'] as const;

/** The embedded gateway's default delay from hand-over to delivered (EMBEDDED_SMS_DELIVERY_DELAY_MS). */
export const EMBEDDED_SMS_DELIVERY_DELAY_MS = 2500;

function smsProvider(): SmsProviderConfig {
  const provider = (process.env.SMS_PROVIDER || 'embedded').trim().toLowerCase();
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`Configuration SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${process.env.SMS_PROVIDER}"`);
  }
  if (provider === 'embedded') return { provider: 'embedded' };
  const need = (name: string) => {
    const v = process.env[name]?.trim();
    if (!v) throw new Error(`Configuration ${name} is required when SMS_PROVIDER=twilio`);
    return v;
  };
  return {
    provider: 'twilio',
    twilio: checkTwilio({
      accountSid: need('TWILIO_ACCOUNT_SID'),
      authToken: need('TWILIO_AUTH_TOKEN'),
      from: need('TWILIO_FROM'),
      apiBase: (process.env.TWILIO_API_BASE?.trim() || 'https://api.twilio.com').replace(/\/+$/, ''),
      publicBaseUrl: need('PUBLIC_BASE_URL').replace(/\/+$/, ''),
    }),
  };
}

/** The Twilio settings, or a start-up error naming the one that cannot work. */
export function checkTwilio(c: TwilioConfig): TwilioConfig {
  if (!/^AC[0-9a-fA-F]{32}$/.test(c.accountSid)) throw new Error('Configuration TWILIO_ACCOUNT_SID must be an account SID: AC and 32 hexadecimal digits');
  if (!/^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$/.test(c.from)) {
    throw new Error('Configuration TWILIO_FROM must be an E.164 number (+47…) or a Messaging Service SID (MG…)');
  }
  for (const [name, value] of [['TWILIO_API_BASE', c.apiBase], ['PUBLIC_BASE_URL', c.publicBaseUrl]] as const) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`Configuration ${name} must be a URL, got "${value}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Configuration ${name} must be an http(s) URL, got "${value}"`);
    if (url.search || url.hash) throw new Error(`Configuration ${name} must have no query or fragment, got "${value}"`);
  }
  return c;
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
  /**
   * Callbacks to the SMS provider's doors (/api/sms/provider/…) with a missing or wrong signature, per
   * client address per 15 minutes; past it that address is answered 429 before its signature is read.
   */
  providerRefusalsPerIp: number;
  /**
   * Requests to the owners' answer links (/api/ownerAnswer/…) per client address per 15 minutes,
   * whatever their outcome: an owner opens and answers a few times; a guesser of tokens is stopped.
   */
  ownerAnswerPerIp: number;
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
    warmAssignmentLists: bool('WARM_ASSIGNMENT_LISTS', true),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxy(process.env.TRUST_PROXY),
    rateLimit: {
      perIpPerMinute: int('RATE_LIMIT_PER_IP', 6000),
      perUserPerMinute: int('RATE_LIMIT_PER_USER', 3000),
      loginPerAccount: int('RATE_LIMIT_LOGIN_PER_ACCOUNT', 10),
      loginPerIp: int('RATE_LIMIT_LOGIN_PER_IP', 100),
      registrationsPerIp: int('RATE_LIMIT_REGISTRATIONS_PER_IP', 20),
      hubConnectionsPerUser: int('RATE_LIMIT_HUB_CONNECTIONS_PER_USER', 10),
      providerRefusalsPerIp: int('RATE_LIMIT_PROVIDER_REFUSALS_PER_IP', 20),
      ownerAnswerPerIp: int('RATE_LIMIT_OWNER_ANSWER_PER_IP', 60),
    },
    mediaS3: mediaS3(),
    mediaQuotaBytes: int('MEDIA_QUOTA_MB_PER_COMPANY', 51_200) * 1024 * 1024,
    sms: overrides.sms ?? smsProvider(),
    embeddedSmsDeliveryDelayMs: int('EMBEDDED_SMS_DELIVERY_DELAY_MS', EMBEDDED_SMS_DELIVERY_DELAY_MS),
  };
  return { ...base, ...overrides };
}
