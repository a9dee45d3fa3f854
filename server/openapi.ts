/**
 * The API's OpenAPI 3.1 document, generated from the route schemas (@fastify/swagger), at
 * /api/openapi.json, and a readable page for it (@fastify/swagger-ui) at /api/docs. Both are public:
 * they describe the contract, not data. Registered before the routes, so it sees every one of them.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

async function openapi(app: FastifyInstance) {
  // The document's own routes are public; everything else under /api keeps asking for a token.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === OPENAPI_PATH || route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
      route.config = { ...(route.config ?? {}), public: true };
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Meterwork plumber API',
        version: '1',
        description: 'The plumber API of spec 1 §7 and spec 3 §7. Every call but /api/config, /api/health and this document needs '
          + 'Authorization: Bearer <access token> and X-WAAPI-CONTEXT: <customer id>. Mutations take an Idempotency-Key. '
          + 'Errors answer { statusCode, error, message } with the field named first in a 400.',
      },
      servers: [{ url: app.context.config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          context: { type: 'apiKey', in: 'header', name: 'X-WAAPI-CONTEXT' },
        },
      },
      security: [{ bearer: [], context: [] }],
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => {
      // Only the API is described: not the app, the identity provider or the hub.
      const hide = !/^\/api(\/|$)/i.test(url) || url.startsWith(DOCS_PREFIX) || url === OPENAPI_PATH;
      return { schema: { ...(schema ?? {}), hide: hide || (schema as { hide?: boolean } | undefined)?.hide }, url, route };
    },
  });

  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: false } });

  let document: unknown;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => (document ??= toJsonSchema2020(app.swagger())));
}

/** Values that hold data, not schemas: left as they are (`default` is not among them: responses.default holds schemas). */
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const']);

/**
 * The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12; the route schemas are draft-07, which
 * the server's validator (Ajv) speaks. The one draft-07 form they use that 2020-12 dropped is TypeBox's
 * tuple (`items: [..]` with `additionalItems`), written here as `prefixItems` with `items`. Same meaning;
 * only the served copy changes.
 */
export function toJsonSchema2020<T>(node: T): T {
  if (Array.isArray(node)) return node.map(toJsonSchema2020) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = DATA_KEYWORDS.has(key) ? value : toJsonSchema2020(value);
  }
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    delete out.items;
    if ('additionalItems' in out) {
      out.items = out.additionalItems;
      delete out.additionalItems;
    }
  }
  return out as T;
}

export const openapiPlugin = fp(openapi, { name: 'meterwork-openapi' });
