/**
 * The composition root: what the server's parts share, built once per process and handed to the
 * HTTP app (buildApp) and to the background workers (workers/index.ts). Nothing here knows HTTP.
 */
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/index';
import { createHubPublisher, type HubPublisher } from './hub/publisher';
import { mediaStoreFor, type MediaStore } from './media/store';
import type { SmsGateway } from './sms/gateway';
import { smsGatewayFor } from './sms/index';
import { pgBossQueue, type Queue } from './queue';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Where image files live (media/store.ts). */
  media: MediaStore;
  /** Where the server's SMS go (sms/gateway.ts). */
  sms: SmsGateway;
  /** Real-time notifications to devices, across processes (hub/publisher.ts). */
  publisher: HubPublisher;
  /** Background jobs, sent on a transaction (queue/index.ts); workers/ takes them. */
  queue: Queue;
  log: Logger;
}

/** A request's URL with the tokens it may carry replaced. */
export function redactUrl(url: string): string {
  return url.replace(/access_token=[^&]+/, 'access_token=[redacted]').replace(/^(\/api\/ownerAnswer|\/a)\/[^/?#]+/i, '$1/[redacted]');
}

export function createContext(config: Config, database: Database): AppContext {
  const log = pino({
    level: config.logLevel,
    serializers: {
      // Browsers send the hub token in the query string, and an owner's answer link is a token in
      // the path (services/ownerAnswer.ts): keep them out of the logs.
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
  });
  return {
    config, database, db: database.db, media: mediaStoreFor(config), sms: smsGatewayFor(config, database.db), publisher: createHubPublisher(database.pool, database.db, log), queue: pgBossQueue, log,
  };
}
