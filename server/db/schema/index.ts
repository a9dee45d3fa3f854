/**
 * The database schema, one file per area. drizzle-kit generates migrations from it into
 * server/db/migrations (`npm run db:generate`); the server applies them at start-up.
 */
export * from './org';
export * from './property';
export * from './jobs';
export * from './platform';
export * from './settings';
export * from './sms';
export * from './scheduling';
export * from './presence';
export * from './smsProvider';
