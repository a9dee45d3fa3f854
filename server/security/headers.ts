/**
 * Security headers on every answer: the app, /api, /oidc and the hub's negotiate.
 * The CSP allows no inline script anywhere; styles may be inline (Chakra's emotion writes <style>
 * tags, and the provider's pages carry their own). The logout page's one auto-submit script is
 * allowed by its hash. Only MSAL's silent-renewal page (/redirect.html) may be framed, by our own
 * origin; everything else, the sign-in page first, refuses every frame.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { LOGOUT_SCRIPT } from '../http/inlineScripts';

/** The build's tile source (VITE_MAP_TILE_URL, read by vite build; the same default as the map). */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** A CSP source for a tile URL template: its origin, with a {s} subdomain as a wildcard. */
export function tileSource(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'sub').replace(/\{[^}]+\}/g, '0'));
    const host = /\{s\}\./.test(template) ? url.host.replace(/^sub\./, '*.') : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function contentSecurityPolicy(config: Config, opts: { frameable: boolean; path: string }): string {
  const self = new URL(config.publicUrl).origin;
  const issuer = new URL(config.oidcIssuer).origin;
  const identity = issuer === self ? [] : [issuer];
  const tiles = tileSource(process.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL);
  // 'wasm-unsafe-eval' lets the barcode reader compile its WebAssembly (served from 'self'); it allows no JavaScript eval.
  const scripts = ["'self'", "'wasm-unsafe-eval'", ...(opts.path.startsWith('/oidc/') ? [sha256(LOGOUT_SCRIPT)] : [])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", self.replace(/^http/, 'ws'), ...identity],
    'frame-src': ["'self'", ...identity],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...identity],
    'frame-ancestors': [opts.frameable ? "'self'" : "'none'"],
  };
  if (self.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives).map(([k, v]) => [k, ...v].join(' ')).join('; ');
}

/** Paths whose pages MSAL loads in a hidden frame of our own origin. */
const FRAMEABLE = new Set(['/redirect.html']);

declare module 'fastify' {
  interface FastifyInstance {
    securityHeaders(url: string): Record<string, string>;
  }
}

async function securityHeaders(app: FastifyInstance) {
  const { config } = app.context;
  const https = config.publicUrl.startsWith('https:');
  const policies = new Map<string, string>();
  const policyFor = (path: string) => {
    const frameable = FRAMEABLE.has(path);
    const key = `${frameable}:${path.startsWith('/oidc/')}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = contentSecurityPolicy(config, { frameable, path });
      policies.set(key, policy);
    }
    return policy;
  };

  const headersFor = (url: string): Record<string, string> => {
    const path = url.split('?')[0];
    const frameable = FRAMEABLE.has(path);
    return {
      'content-security-policy': policyFor(path),
      'x-content-type-options': 'nosniff',
      'x-frame-options': frameable ? 'SAMEORIGIN' : 'DENY',
      // Tile servers (OpenStreetMap's policy) want to know the site; nothing more leaves it.
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };
  };
  // Answers that leave Fastify's reply (the provider's, mounted raw) take them from here.
  app.decorate('securityHeaders', headersFor);

  app.addHook('onSend', async (req, reply, payload) => {
    reply.headers(headersFor(req.url));
    // Nothing a signed-in user was answered may stay in a shared or disk cache.
    const api = req.routeOptions.url?.toLowerCase().startsWith('/api/') ?? false;
    if ((req.user || api) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'meterwork-security-headers' });
