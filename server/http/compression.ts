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
 * Levels: brotli 4 and gzip 6 for answers in general (small: the level hardly costs). The assignment
 * list of 50,000 points is ~20 MB of JSON and must reach the client in under 500 ms and 3 MB
 * (DESIGN.md); it takes LARGE_JSON_COMPRESSION, brotli 3 and gzip 3, from `npm run bench -- assignments`
 * on 20 MB of it: brotli 1/3/4/5/11 took 117/144/309/992/85,800 ms for 2.25/2.12/1.92/1.79/1.28 MB, gzip
 * 1/3/6/9 250/150/403/1074 ms for 2.72/2.42/2.02/1.89 MB (a busy machine: the ratios are what counts).
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const brotli = (quality: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
});
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/** A route's `compress` option for answers of many megabytes of JSON. */
export const LARGE_JSON_COMPRESSION = { encodings: ENCODINGS, brotliOptions: brotli(3), zlibOptions: { level: 3 } };

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    encodings: ENCODINGS,
    globalDecompression: false,
    brotliOptions: brotli(4),
    zlibOptions: { level: 6 },
  });
}, { name: 'compression' });
