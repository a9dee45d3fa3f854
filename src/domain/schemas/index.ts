/**
 * The API's shapes, once: TypeBox schemas for the server's validation, response serialization and
 * OpenAPI document, and for the device's check of a command before it queues it
 * (src/data/commandSchemas.ts); their Static<> types for client and server code. The client imports
 * from here with `import type` only (or from a lazily loaded chunk), so TypeBox stays out of the shell.
 */
export * from './common';
export * from './errors';
export * from './jobs';
export * from './tasks';
export * from './users';
export * from './auth';
export * from './property';
export * from './waterMeters';
export * from './sync';
export * from './hub';
export * from './media';
export * from './settings';
export * from './bundle';
