import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import {
  API_ERRORS, ApiError, apiFetch, configureTransport, errorFromResponse, isMediaPath, parseSuccessBody,
} from '../../src/data/transport';
import { isUnreachable, onReachability } from '../../src/data/reachability';

describe('error catalogue (spec 1 §8)', () => {
  it('empty body: status code and status text', () => {
    const e = errorFromResponse(500, 'Internal Server Error', '', 'application/json');
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe('500 Internal Server Error');
    expect(e.status).toBe(500);
  });

  it('JSON body: its message, the status and the body', () => {
    const body = { statusCode: 409, error: 'Conflict', message: 'The job was changed by someone else', current: { jobId: 'j' } };
    const e = errorFromResponse(409, 'Conflict', JSON.stringify(body), 'application/json; charset=utf-8');
    expect(e.message).toBe('The job was changed by someone else');
    expect(e.status).toBe(409);
    expect(e.body).toEqual(body);
  });

  it('plain text body becomes the message', () => {
    const e = errorFromResponse(400, 'Bad Request', 'Invalid file format', 'text/plain');
    expect(e.message).toBe('Invalid file format');
    expect(e.body).toBe('Invalid file format');
  });

  it('unparseable JSON: Error parsing body', () => {
    expect(errorFromResponse(502, 'Bad Gateway', '<html>', 'application/json').message).toBe('Error parsing body');
  });

  it("403: You don' have access to this API call", () => {
    const e = errorFromResponse(403, 'Forbidden', JSON.stringify({ message: 'whatever' }), 'application/json');
    expect(e.message).toBe("You don' have access to this API call");
    expect(e.status).toBe(403);
  });

  it('success bodies: nothing, JSON, or text; broken JSON is an error', () => {
    expect(parseSuccessBody(204, '', null)).toBeUndefined();
    expect(parseSuccessBody(200, '{"a":1}', 'application/json')).toEqual({ a: 1 });
    expect(parseSuccessBody(201, '"b0c6"', 'application/json')).toBe('b0c6');
    expect(parseSuccessBody(200, 'ok', 'text/plain')).toBe('ok');
    expect(() => parseSuccessBody(200, '{', 'application/json')).toThrow('Error parsing body');
  });

  it('media paths', () => {
    expect(isMediaPath('/api/media/module/VA/matrikkelenhet/1')).toBe(true);
    expect(isMediaPath('/api/Media')).toBe(true);
    expect(isMediaPath('/api/mediafoo')).toBe(false);
    expect(isMediaPath('/api/Jobs')).toBe(false);
  });
});

describe('apiFetch over HTTP', () => {
  let server: http.Server;
  let base = '';
  const seen: http.IncomingHttpHeaders[] = [];
  const bodies: string[] = [];

  const session: Session = {
    userId: 'u-1', registrationId: 7, roleId: 1, isAdmin: false, companyId: 'c-1', customerId: 'cust-9',
    customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
    gdprConsent: true, hasAgreement: false, userType: 'plumber',
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        bodies.push(data);
        const url = req.url ?? '';
        if (url === '/api/echo') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(data || '{}');
        } else if (url === '/api/empty') {
          res.writeHead(204);
          res.end();
        } else if (url.startsWith('/api/media/')) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end('{"message":"nope"}');
        } else if (url === '/api/forbidden') {
          res.writeHead(403, { 'content-type': 'application/json' });
          res.end('{"statusCode":403,"message":"no"}');
        } else if (url === '/api/busy') {
          res.writeHead(429, { 'retry-after': '12' });
          res.end();
        } else {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Job not found');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    configureTransport({ baseUrl: '' });
    setSession(null);
    setAccessTokenProvider(null);
  });

  beforeEach(() => {
    configureTransport({ baseUrl: base });
    setSession(session);
    setAccessTokenProvider(async () => 'tok-123');
    seen.length = 0;
    bodies.length = 0;
  });

  it('sends the spec headers, the idempotency key and a JSON body', async () => {
    const answer = await apiFetch<{ a: number }>('/api/echo', { method: 'POST', body: { a: 1 }, idempotencyKey: 'k-1' });
    expect(answer).toEqual({ a: 1 });
    expect(seen[0].authorization).toBe('Bearer tok-123');
    expect(seen[0]['x-waapi-profile']).toBe('meterwork-web');
    expect(seen[0]['x-waapi-context']).toBe('cust-9');
    expect(seen[0]['idempotency-key']).toBe('k-1');
    expect(seen[0]['content-type']).toBe('application/json');
    expect(bodies[0]).toBe('{"a":1}');
  });

  it('no token: no Authorization header', async () => {
    setAccessTokenProvider(async () => null);
    await apiFetch('/api/echo');
    expect(seen[0].authorization).toBeUndefined();
  });

  it('204 gives undefined', async () => {
    expect(await apiFetch('/api/empty', { method: 'DELETE' })).toBeUndefined();
  });

  it('404 on a media path is the text No media found.', async () => {
    expect(await apiFetch('/api/media/module/VA/matrikkelenhet/5')).toBe(API_ERRORS.noMedia);
  });

  it('404 elsewhere throws with the text body', async () => {
    const e = await apiFetch('/api/jobs/x').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(404);
    expect((e as ApiError).message).toBe('Job not found');
  });

  it('403 throws the spec text', async () => {
    await expect(apiFetch('/api/forbidden')).rejects.toMatchObject({ status: 403, message: "You don' have access to this API call" });
  });

  it('429 carries Retry-After', async () => {
    await expect(apiFetch('/api/busy')).rejects.toMatchObject({ status: 429, message: '429 Too Many Requests', retryAfter: 12 });
  });

  it('network failure: The server is down or unavailable, 503', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    configureTransport({ baseUrl: `http://127.0.0.1:${port}` });
    await expect(apiFetch('/api/Jobs')).rejects.toMatchObject({ status: 503, message: 'The server is down or unavailable', network: true });
  });

  it('an abort stays an abort', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const e = await apiFetch('/api/echo', { signal: ctl.signal }).catch((x: unknown) => x);
    expect(e).not.toBeInstanceOf(ApiError);
    expect((e as Error).name).toBe('AbortError');
  });

  it('reachability: no answer makes the server unreachable, any answer (an error too) reachable again; an abort tells nothing', async () => {
    await apiFetch('/api/echo');
    expect(isUnreachable()).toBe(false);
    const changes: boolean[] = [];
    const off = onReachability(() => changes.push(isUnreachable()));
    try {
      const closed = http.createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((r) => closed.close(r));
      configureTransport({ baseUrl: `http://127.0.0.1:${port}` });
      await expect(apiFetch('/api/Jobs')).rejects.toMatchObject({ network: true });
      expect(isUnreachable()).toBe(true);
      // A second failure changes nothing (listeners hear of changes only).
      await expect(apiFetch('/api/Jobs')).rejects.toMatchObject({ network: true });
      configureTransport({ baseUrl: base });
      const ctl = new AbortController();
      ctl.abort();
      await apiFetch('/api/echo', { signal: ctl.signal }).catch(() => undefined);
      expect(isUnreachable()).toBe(true);
      await expect(apiFetch('/api/forbidden')).rejects.toMatchObject({ status: 403 });
      expect(isUnreachable()).toBe(false);
      expect(changes).toEqual([true, false]);
    } finally {
      off();
    }
  });
});
