/**
 * Answers compressed by the client's Accept-Encoding, brotli before gzip (@fastify/compress): JSON,
 * text, the web app's scripts and styles, the OpenAPI document. What it leaves alone, and why:
 * - images and the report's .xlsx: their types are not compressible (the .xlsx is a zip already);
 * - partial content (206/Content-Range) and anything already carrying a Content-Encoding;
 * - answers under 1 KB: not worth a header;
 * - the identity provider's /oidc pages and the hub's WebSocket: both write to the socket themselves
 *   (hijacked), so no hook of ours runs on them;
 * - request bodies: never inflated (globalDecompression off), so no body grows past the body limit
 *   after it was counted, and a compressed upload is refused as unknown instead.
 * Levels: the assignment list of 50,000 points is ~20 MB of JSON and must reach the client in under
 * 500 ms and 3 MB (DESIGN.md); `npm run bench -- assignments` measured the levels below (brotli 11 takes
 * seconds; see bench/assignments.ts for the figures).
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
  });
}, { name: 'compression' });
