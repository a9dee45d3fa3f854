/**
 * The real-time hub at /hubs/notifications, speaking the SignalR JSON protocol over WebSockets
 * (DESIGN.md "Real time"). Events cross processes through PostgreSQL LISTEN/NOTIFY: publish() sends a
 * NOTIFY, and every process forwards what it hears to its own sockets in that company's group.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import pg from 'pg';
import type { WebSocket } from 'ws';
import type { PlumberNotification } from '../../src/domain/schemas';
import { HUB_EVENT, HUB_PATH } from '../../src/domain/constants';
import { NotificationType } from '../../src/domain/enums';
import type { Authenticated } from '../auth/verify';
import { AuthError } from '../auth/verify';
import { closeMessage, HANDSHAKE_OK, invocation, MessageType, parseFrame, PING, RECORD_SEPARATOR } from './protocol';
import { HUB_CHANNEL, type HubMessage, type HubPublisher } from './publisher';

const PING_INTERVAL_MS = 15_000;
/** As ASP.NET's ClientTimeoutInterval: a client silent this long (it pings every 15 s) is gone. */
const CLIENT_TIMEOUT_MS = 30_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;
const RELISTEN_DELAY_MS = 1_000;
const CLOSE_GRACE_MS = 1_000;

/** The context's publisher (hub/publisher.ts), and what this process's sockets can tell. */
export interface Hub extends Pick<HubPublisher, 'publish' | 'disconnectUser'> {
  /** Open, handshaken connections in this process (for tests and diagnostics). */
  connectionCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

interface Connection {
  socket: WebSocket;
  registrationId: number;
  companyId: string;
  isAdmin: boolean;
  lastSeen: number;
  timers: NodeJS.Timeout[];
}

/** Registration news and who has a week open are for the company's admins; other events (batch status) for everyone in it. */
function receives(conn: Connection, payload: PlumberNotification): boolean {
  const adminsOnly = (payload.NotificationType === NotificationType.Registration && !payload.BatchJobId) || payload.NotificationType === NotificationType.PresenceChanged
    || payload.NotificationType === NotificationType.MessagesChanged;
  return adminsOnly ? conn.isAdmin : true;
}

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  const query = (req.query as { access_token?: string }).access_token;
  return query || null;
}

const TOO_MANY = 'Too many hub connections for this user';

async function hub(app: FastifyInstance) {
  const groups = new Map<string, Set<Connection>>();
  /**
   * Open sockets per user in this process, counted from the upgrade to the close (handshaken or
   * not): one user cannot take a process's memory and file handles with thousands of them.
   */
  const perUser = new Map<string, number>();
  const maxPerUser = app.context.config.rateLimit.hubConnectionsPerUser;
  const authenticated = new WeakMap<FastifyRequest, Authenticated>();
  let closing = false;

  function deliver(companyId: string, payload: PlumberNotification) {
    const message = invocation(HUB_EVENT, [payload]);
    for (const conn of groups.get(companyId) ?? []) {
      if (receives(conn, payload) && conn.socket.readyState === conn.socket.OPEN) conn.socket.send(message);
    }
  }

  const disconnect = (registrationId: number) => {
    for (const set of groups.values()) {
      for (const conn of set) {
        if (conn.registrationId !== registrationId) continue;
        set.delete(conn);
        if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(closeMessage('User is not active', false));
        conn.socket.close(1008);
      }
    }
  };

  // One dedicated connection per process listens; it reconnects if PostgreSQL drops it.
  let listener: pg.Client | null = null;
  let relisten: NodeJS.Timeout | null = null;
  async function listen(): Promise<void> {
    const client = new pg.Client(app.context.database.pool.options);
    client.on('notification', (msg) => {
      if (msg.channel !== HUB_CHANNEL || !msg.payload) return;
      try {
        const message = JSON.parse(msg.payload) as HubMessage;
        if ('disconnect' in message) disconnect(message.disconnect);
        else deliver(message.companyId, message.payload);
      } catch (err) {
        app.log.error({ err }, 'hub: bad notification payload');
      }
    });
    client.on('error', (err) => {
      if (closing) return;
      app.log.error({ err }, 'hub: listener connection lost');
      void client.end().catch(() => {});
      if (listener === client) listener = null;
      relisten = setTimeout(() => void listen().catch((e) => app.log.error({ err: e }, 'hub: relisten failed')), RELISTEN_DELAY_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${HUB_CHANNEL}`);
    listener = client;
  }
  await listen();

  app.decorate('hub', {
    publish: app.context.publisher.publish,
    disconnectUser: app.context.publisher.disconnectUser,
    connectionCount() {
      let n = 0;
      for (const set of groups.values()) n += set.size;
      return n;
    },
  } satisfies Hub);

  async function authenticate(req: FastifyRequest, reply: FastifyReply) {
    const token = bearer(req);
    if (!token) return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Missing access token' });
    let auth: Authenticated;
    try {
      auth = await app.authenticate(token);
    } catch (err) {
      if (err instanceof AuthError) return reply.code(err.statusCode).send({ statusCode: err.statusCode, error: 'Unauthorized', message: err.message });
      throw err;
    }
    // Refused before the upgrade, so the client sees a plain status (negotiate answers it too).
    if ((perUser.get(auth.user.userId) ?? 0) >= maxPerUser) {
      return reply.code(429).send({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY });
    }
    authenticated.set(req, auth);
  }

  function open(socket: WebSocket, auth: Authenticated) {
    const { userId } = auth.user;
    const count = perUser.get(userId) ?? 0;
    // Upgrades that passed the check together: the ones past the cap are closed at once.
    if (count >= maxPerUser) {
      socket.send(closeMessage(TOO_MANY, false));
      socket.close(1008, TOO_MANY);
      return;
    }
    perUser.set(userId, count + 1);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    };
    socket.on('close', uncount);

    const companyId = auth.user.companyId;
    const conn: Connection = { socket, registrationId: auth.user.registrationId, companyId: companyId ?? '', isAdmin: auth.user.isAdmin, lastSeen: Date.now(), timers: [] };
    let joined = false;

    const leave = () => {
      for (const t of conn.timers) clearTimeout(t);
      conn.timers = [];
      const set = groups.get(conn.companyId);
      set?.delete(conn);
      if (set?.size === 0) groups.delete(conn.companyId);
    };
    const closeWith = (error?: string, allowReconnect = true) => {
      if (socket.readyState === socket.OPEN) socket.send(closeMessage(error, allowReconnect));
      socket.close(1000);
    };

    conn.timers.push(setTimeout(() => { if (!joined) closeWith('Handshake timed out', false); }, HANDSHAKE_TIMEOUT_MS));
    // No connection outlives its token: the client reconnects with a fresh one.
    const untilExpiry = Math.max(0, auth.expiresAt * 1000 - Date.now());
    conn.timers.push(setTimeout(() => closeWith('Access token expired'), Math.min(untilExpiry, 2 ** 31 - 1)));

    socket.on('message', (data, isBinary) => {
      conn.lastSeen = Date.now();
      if (isBinary) return closeWith('Only the JSON protocol over text frames is supported', false);
      let messages: unknown[];
      try {
        messages = parseFrame(data.toString());
      } catch {
        return closeWith('Malformed message', false);
      }
      for (const raw of messages) {
        const message = raw as { type?: number; protocol?: string; version?: number; invocationId?: string };
        if (!joined) {
          if (message.protocol !== 'json' || message.version !== 1) {
            socket.send(JSON.stringify({ error: `Protocol '${message.protocol}' version ${message.version} is not supported.` }) + RECORD_SEPARATOR);
            socket.close(1000);
            return;
          }
          socket.send(HANDSHAKE_OK);
          joined = true;
          if (companyId) {
            if (!groups.has(companyId)) groups.set(companyId, new Set());
            groups.get(companyId)!.add(conn);
          }
          const ping = setInterval(() => {
            if (Date.now() - conn.lastSeen > CLIENT_TIMEOUT_MS) return closeWith('Client timed out');
            socket.send(PING);
          }, PING_INTERVAL_MS);
          conn.timers.push(ping);
          continue;
        }
        if (message.type === MessageType.Close) return socket.close(1000);
        // This hub offers no server methods: answer invocations that expect a result.
        if ((message.type === MessageType.Invocation || message.type === MessageType.StreamInvocation) && message.invocationId) {
          socket.send(JSON.stringify({ type: MessageType.Completion, invocationId: message.invocationId, error: 'Method does not exist.' }) + RECORD_SEPARATOR);
        }
      }
    });
    socket.on('close', leave);
    socket.on('error', leave);
  }

  await app.register(async (child) => {
    // Our own preClose below closes the hub's sockets with a SignalR close message.
    await child.register(websocket, { preClose: (done) => done() });

    child.post(`${HUB_PATH}/negotiate`, { preHandler: authenticate }, async () => ({
      negotiateVersion: 1,
      connectionId: randomBytes(16).toString('base64url'),
      connectionToken: randomBytes(16).toString('base64url'),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    }));

    child.get(HUB_PATH, { websocket: true, preValidation: authenticate }, (socket, req) => {
      const auth = authenticated.get(req);
      if (!auth) return socket.close(1008);
      open(socket, auth);
    });

    child.addHook('preClose', async () => {
      closing = true;
      const sockets = [...child.websocketServer.clients];
      for (const set of groups.values()) for (const conn of set) for (const t of conn.timers) clearTimeout(t);
      groups.clear();
      // A clean SignalR close lets clients reconnect to another process; stragglers are cut after a moment.
      await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        const cut = setTimeout(() => { socket.terminate(); resolve(); }, CLOSE_GRACE_MS);
        socket.once('close', () => { clearTimeout(cut); resolve(); });
        if (socket.readyState === socket.OPEN) socket.send(closeMessage(undefined, true));
        socket.close(1000);
      })));
      await new Promise<void>((resolve) => child.websocketServer.close(() => resolve()));
    });
  });

  app.addHook('onClose', async () => {
    closing = true;
    if (relisten) clearTimeout(relisten);
    if (listener) await listener.end().catch(() => {});
    listener = null;
  });
}

export const hubPlugin = fp(hub, { name: 'meterwork-hub' });
