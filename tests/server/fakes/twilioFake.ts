/**
 * A local fake of Twilio's Programmable Messaging API for the tests: a real HTTP server on a free
 * loopback port, answering as Twilio does (2010-04-01 API, JSON, HTTP Basic auth AccountSid:AuthToken).
 *
 * - POST /2010-04-01/Accounts/{sid}/Messages.json (form: To, From, Body, StatusCallback) → 201 with the
 *   Message resource (sid "SM…", status queued, or accepted from a Messaging Service, num_segments…);
 *   a To that is no E.164 number → 400 with Twilio's error 21211, a number in `refused` → 400 with its
 *   code; 401 (20003) for bad credentials. `plan()` lines up the next creates' answers: a 500 or 429
 *   with nothing made, a message made and then answered 500 or the connection dropped (Twilio took it;
 *   the caller cannot know).
 * - GET …/Messages/{sid}.json → the resource or 404 (20404); GET …/Messages.json?To=&PageSize= → the
 *   newest first.
 * - setStatus() moves a message and posts the signed status callback to its StatusCallback, as Twilio
 *   does; inbound() posts a signed incoming message to the URL given; post() sends any form, signed
 *   or not, for the tests of refusals.
 *
 * The callbacks are signed with the `twilio` package's own getExpectedTwilioSignature (Twilio's helper
 * library), not with our server's verifier: the two implementations meet only on the wire.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export interface FakeMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
  errorCode: number | null;
  createdAt: Date;
  updatedAt: Date;
  numSegments: number;
}

/** What the next create answers instead of 201. */
export type PlannedAnswer =
  | { status: 500 | 503 | 429 }
  | { take: true; then: 500 | 'drop' };

export interface TwilioFake {
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages made, oldest first. */
  messages: FakeMessage[];
  /** Every create request that reached the fake, answered or not, with the form it carried. */
  creates: Record<string, string>[];
  /** Every request, method and path (no bodies). */
  requests: string[];
  /** Numbers Twilio will never send to, with the error code it answers. */
  refused: Map<string, number>;
  plan(...answers: PlannedAnswer[]): void;
  /** Moves a message and posts its signed status callback; answers our server's status. */
  setStatus(sid: string, status: string, errorCode?: number): Promise<number>;
  /** Posts the last status callback of the message again, as Twilio may. */
  replayStatus(sid: string): Promise<number>;
  /** An SMS from `from` to our number, posted signed to `url` as Twilio does; answers status, content type and body. */
  inbound(url: string, msg: { from: string; to: string; body: string; sid?: string }): Promise<{ status: number; type: string | null; text: string; sid: string }>;
  /** Posts `params` to `url` with `signature` (default: Twilio's signature of them for `signedUrl ?? url`; null: none). */
  post(url: string, params: Record<string, string>, opts?: { signature?: string | null; signedUrl?: string; contentType?: string; body?: string }): Promise<{ status: number; text: string }>;
  /** Twilio's signature of a callback, by Twilio's own helper. */
  sign(url: string, params: Record<string, string>): string;
  close(): Promise<void>;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;
const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

/** Segments as Twilio would bill them, counted crudely and on purpose not with our counter. */
function segments(body: string): number {
  // eslint-disable-next-line no-control-regex -- the plain ASCII range
  const plain = /^[\x0A\x0D\x20-\x7E æøåÆØÅ]*$/.test(body);
  const [single, part] = plain ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / part);
}

export async function startTwilioFake(opts: { accountSid?: string; authToken?: string } = {}): Promise<TwilioFake> {
  const accountSid = opts.accountSid ?? sid('AC');
  const authToken = opts.authToken ?? randomBytes(16).toString('hex');
  const messages: FakeMessage[] = [];
  const creates: Record<string, string>[] = [];
  const requests: string[] = [];
  const refused = new Map<string, number>();
  const planned: PlannedAnswer[] = [];
  const lastCallback = new Map<string, Record<string, string>>();
  const base = `/2010-04-01/Accounts/${accountSid}`;

  const resource = (m: FakeMessage) => ({
    sid: m.sid, account_sid: accountSid, to: m.to, from: m.from.startsWith('MG') ? null : m.from, messaging_service_sid: m.from.startsWith('MG') ? m.from : null,
    body: m.body, status: m.status, num_segments: String(m.numSegments), direction: 'outbound-api', api_version: '2010-04-01',
    date_created: rfc2822(m.createdAt), date_updated: rfc2822(m.updatedAt), date_sent: m.status === 'queued' || m.status === 'accepted' ? null : rfc2822(m.updatedAt),
    error_code: m.errorCode, error_message: m.errorCode ? 'Unreachable destination handset' : null, price: null, price_unit: 'USD',
    uri: `${base}/Messages/${m.sid}.json`,
  });
  const error = (res: http.ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push(`${req.method} ${url.pathname}`);
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');

      if (req.method === 'POST' && url.pathname === `${base}/Messages.json`) {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        creates.push(form);
        const next = planned.shift();
        if (next && 'status' in next) return error(res, next.status, next.status === 429 ? 20429 : 20500, next.status === 429 ? 'Too Many Requests' : 'Internal Server Error');
        if (!form.To) return error(res, 400, 21604, "A 'To' phone number is required.");
        if (!E164.test(form.To)) return error(res, 400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
        const refusal = refused.get(form.To);
        if (refusal) return error(res, 400, refusal, `The message to ${form.To} was refused.`);
        if (!form.From) return error(res, 400, 21603, "The 'From' number is required.");
        if (!form.Body) return error(res, 400, 21602, 'Message body is required.');
        const now = new Date();
        const m: FakeMessage = {
          sid: sid('SM'), to: form.To, from: form.From, body: form.Body, statusCallback: form.StatusCallback ?? null,
          status: form.From.startsWith('MG') ? 'accepted' : 'queued', errorCode: null, createdAt: now, updatedAt: now, numSegments: segments(form.Body),
        };
        messages.push(m);
        if (next && 'take' in next) {
          if (next.then === 'drop') return req.socket.destroy();
          return error(res, 500, 20500, 'Internal Server Error');
        }
        res.writeHead(201, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(resource(m)));
      }
      if (req.method === 'GET' && url.pathname === `${base}/Messages.json`) {
        const to = url.searchParams.get('To');
        const size = Math.min(Number(url.searchParams.get('PageSize') ?? 50), 1000);
        const list = messages.filter((m) => !to || m.to === to).reverse().slice(0, size);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ messages: list.map(resource), page: 0, page_size: size, uri: `${base}/Messages.json`, next_page_uri: null }));
      }
      const one = new RegExp(`^${base}/Messages/([A-Za-z0-9]+)\\.json$`).exec(url.pathname);
      if (req.method === 'GET' && one) {
        const m = messages.find((x) => x.sid === one[1]);
        if (!m) return error(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(resource(m)));
      }
      return error(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (url: string, params: Record<string, string>) => twilio.getExpectedTwilioSignature(authToken, url, params);
  const post: TwilioFake['post'] = async (url, params, o = {}) => {
    const signature = o.signature === undefined ? sign(o.signedUrl ?? url, params) : o.signature;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': o.contentType ?? 'application/x-www-form-urlencoded',
        'user-agent': 'TwilioProxy/1.1',
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      },
      body: o.body ?? new URLSearchParams(params).toString(),
    });
    return { status: res.status, text: await res.text() };
  };
  const statusParams = (m: FakeMessage): Record<string, string> => ({
    AccountSid: accountSid, ApiVersion: '2010-04-01', From: m.from, To: m.to, MessageSid: m.sid, SmsSid: m.sid, MessageStatus: m.status, SmsStatus: m.status,
    ...(m.errorCode ? { ErrorCode: String(m.errorCode) } : {}),
  });

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    creates,
    requests,
    refused,
    plan: (...answers) => { planned.push(...answers); },
    async setStatus(messageSid, status, errorCode) {
      const m = messages.find((x) => x.sid === messageSid);
      if (!m?.statusCallback) throw new Error(`no message ${messageSid} with a status callback`);
      m.status = status;
      m.errorCode = errorCode ?? null;
      m.updatedAt = new Date();
      const params = statusParams(m);
      lastCallback.set(m.sid, params);
      return (await post(m.statusCallback, params)).status;
    },
    async replayStatus(messageSid) {
      const m = messages.find((x) => x.sid === messageSid);
      const params = lastCallback.get(messageSid);
      if (!m?.statusCallback || !params) throw new Error(`no callback of ${messageSid} to replay`);
      return (await post(m.statusCallback, params)).status;
    },
    async inbound(url, msg) {
      const messageSid = msg.sid ?? sid('SM');
      const params = {
        ToCountry: 'NO', ToState: '', SmsMessageSid: messageSid, NumMedia: '0', ToCity: '', FromZip: '', SmsSid: messageSid, FromState: '', SmsStatus: 'received',
        FromCity: '', Body: msg.body, FromCountry: 'NO', To: msg.to, ToZip: '', NumSegments: '1', MessageSid: messageSid, AccountSid: accountSid, From: msg.from,
        ApiVersion: '2010-04-01',
      };
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sign(url, params), 'user-agent': 'TwilioProxy/1.1' },
        body: new URLSearchParams(params).toString(),
      });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text(), sid: messageSid };
    },
    post,
    sign,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
