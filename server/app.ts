/** buildApp(context): the whole server as one Fastify instance, for main.ts and for tests (context.ts builds the context). */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifySchema } from 'fastify';
import fastifyStatic from '@fastify/static';
import { compressionPlugin } from './http/compression';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './context';
import { authPlugin } from './auth/index';
import { hubPlugin } from './hub/index';
import { apiRoutes } from './routes/index';
import { warmAssignmentList } from './services/assignments/list';
import { openapiPlugin } from './openapi';
import { rateLimitPlugin } from './security/rateLimit';
import { securityHeadersPlugin } from './security/headers';
import { inputBoundsPlugin, realDateTimes } from './security/input';
import { numberTextKeyword } from '../src/domain/schemaBounds';
import { errorBody, reasonPhrase } from './http/errors';

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RegisteredRoute[];
    /** The composition root this app was built from (context.ts). */
    context: AppContext;
  }
}

export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    // The spec writes the same paths in both cases (/api/Jobs, /api/jobs/{id}), and some with a
    // trailing slash (/api/ScheduleBlacklist/?…, /api/ScheduleItem/CancelledScheduleItem/).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Stopping must not wait for clients: keep-alive and slow connections are closed with the server.
    forceCloseConnections: true,
    loggerInstance: context.log as FastifyBaseLogger,
    // A path or query Fastify cannot decode is refused before any route: named like every other 400.
    frameworkErrors: (error, _req, raw) => {
      const reply = raw as FastifyReply;
      const status = error.statusCode ?? 400;
      if (status !== 400) return reply.code(status).send({ statusCode: status, error: reasonPhrase(status), message: error.message });
      return reply.code(400).send({ ...errorBody(400, 'params is not a valid URL component'), field: 'params' });
    },
    // X-Forwarded-* only from the proxies named in TRUST_PROXY (none by default).
    // (Fastify takes a hop count too; its types leave numbers out.)
    trustProxy: config.trustProxy as boolean | string,
    // Coercion reads numbers from path and query text; the number-text keyword (schemaBounds.ts) keeps it to plain decimal.
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false }, onCreate: (ajv) => { realDateTimes(ajv); ajv.addKeyword(numberTextKeyword); } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every route as registered (pattern, methods, whether it is public): tests walk them all.
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Read when asked: later onRoute hooks (the OpenAPI plugin's) may still mark the route public.
      routeTable.push({ method, url: route.url, get public() { return route.config?.public === true; }, get schema() { return route.schema; } });
    }
  });
  app.decorate('context', context);

  // Counting comes before anything else, sign-in included; the headers go on every answer.
  await app.register(rateLimitPlugin);
  await app.register(inputBoundsPlugin);
  await app.register(securityHeadersPlugin);
  // Before every route it is to compress: it hooks routes as they are registered.
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(hubPlugin);
  // An admin signing in may plan next: the company's assignment list is written ahead while their app
  // boots (services/assignments/list.ts warmAssignmentList; nothing happens for a plumber).
  await app.register(authPlugin, context.config.warmAssignmentLists ? { onSignIn: (user) => void warmAssignmentList(context.db, user, true) } : {});
  await app.register(apiRoutes, { prefix: '/api' });

  const indexHtml = path.join(config.webDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.webDir, wildcard: false, index: false });
    // The service worker must be fetched fresh so new versions are found.
    app.addHook('onSend', async (req, reply) => {
      if (req.url === '/sw.js' || req.url === '/index.html' || req.url === '/') reply.header('cache-control', 'no-cache');
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const spaPath = req.method === 'GET' && !/^\/(api|oidc|hubs)(\/|$)/.test(req.url);
    if (spaPath && fs.existsSync(indexHtml)) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
  return app;
}
