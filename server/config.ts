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
  logLevel: string;
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Configuration ${name} must be a whole number, got "${raw}"`);
  return n;
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
    logLevel: process.env.LOG_LEVEL ?? 'info',
  };
  return { ...base, ...overrides };
}
