/**
 * Media (spec 1 §7), module 'VA': upload, list, fetch one (with base64 content), the file itself (with
 * caching headers), search by custom props, delete by asset and by object id, replace by object id,
 * metadata update and rotation. Uploads are multipart; a file is judged by its bytes (server/media/
 * image.ts: refused by its header when too large, decoded a few at a time, stored as received when
 * clean, else re-encoded). Every mutation is idempotent like the rest of the API; the upload's key
 * covers its fields and the file's hash. A company past its storage quota gets 413.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { MAX_IMAGE_BYTES } from '../../src/domain/media';
import { checkImage, rotateImage, type CheckedImage } from '../media/image';
import { badRequest, HttpError } from '../http/errors';
import { mutation } from './mutation';
import type { Command } from '../services/command';
import { replaceByObjectCommand, replaceImageFileCommand, updateMetadataCommand } from '../services/media/edit';
import type { MediaEffects } from '../services/media/files';
import { getImage, imageFile, listImages, searchImages } from '../services/media/read';
import { deleteByObjectCommand, deleteImageCommand } from '../services/media/remove';
import { uploadImageCommand } from '../services/media/upload';
import {
  CustomPropsSearchBody, DeleteByObjectQuery, ErrorBody, errors, ImageAssetSchema, MediaAssetParams, MediaDeletedSchema, MediaFileParams,
  MediaFileQuery, MediaListParams, MetadataUpdateBody, mutationErrors, ReplaceFields, RotateFields, UploadFields, UuidParam,
} from './schemas';

const tags = ['Media'];
/** Answers of the calls that store a file: also 413 (storage quota) and 429 (too many images being decoded). */
const fileErrors = { ...mutationErrors, 413: ErrorBody, 429: ErrorBody };
const MAX_FIELD_BYTES = 64 * 1024;

interface Multipart {
  fields: Record<string, string>;
  file: { fileName: string; bytes: Buffer } | null;
}

/** Text a person could not have meant: NUL, or half of a surrogate pair. */
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkText(value: unknown, field: string): void {
  if (typeof value === 'string') {
    if (BAD_TEXT.test(value)) throw badRequest(field, 'must not contain NUL or unpaired surrogate characters');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => checkText(v, `${field}/${i}`));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) checkText(v, `${field}/${k}`);
  }
}

/** Reads a multipart body whole (one file at most, bounded fields); a bad body is a 400 naming what. */
async function readMultipart(req: FastifyRequest): Promise<Multipart> {
  if (!req.isMultipart()) throw badRequest('body', 'must be multipart/form-data');
  const fields: Record<string, string> = {};
  let file: Multipart['file'] = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'mediafile') throw badRequest(`body/${part.fieldname}`, 'is not a file field of this call (mediafile is)');
        if (file) throw badRequest('body/mediafile', 'must be one file');
        const bytes = await part.toBuffer();
        file = { fileName: part.filename || 'image', bytes };
      } else {
        if (part.fieldnameTruncated || part.valueTruncated) throw badRequest(`body/${part.fieldname}`, `is longer than ${MAX_FIELD_BYTES} bytes`);
        if (part.fieldname in fields) throw badRequest(`body/${part.fieldname}`, 'must be given once');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('body/mediafile', `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
    if (code === 'FST_FILES_LIMIT') throw badRequest('body/mediafile', 'must be one file');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('body', 'has too many parts');
    throw badRequest('body', `is not a readable multipart body (${(err as Error).message.slice(0, 100)})`);
  }
  checkText(fields, 'body');
  if (file) checkText(file.fileName, 'mediafile/filename');
  return { fields, file };
}

const compiled = new Map<TSchema, ReturnType<typeof Compile>>();
/** Checks parsed multipart fields against the shared schema; the 400 names the first bad field. */
function validate<T extends TSchema>(schema: T, value: unknown): Static<T> {
  let check = compiled.get(schema);
  if (!check) {
    check = Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(value)) return value as Static<T>;
  const [first] = [...check.Errors(value)];
  const missing = first?.keyword === 'required' ? (first.params as { requiredProperties?: string[] }).requiredProperties?.[0] : undefined;
  const where = `body${first?.instancePath ?? ''}${missing ? `/${missing}` : ''}`;
  if (missing) throw badRequest(where, 'is required');
  // TypeBox reports an unknown property as the schema `false` at its path.
  if (first?.keyword === 'boolean') throw badRequest(where, 'is not a field of this call');
  throw badRequest(where, first?.message ?? 'is not valid');
}

function json(fields: Record<string, string>, name: string): unknown {
  if (!(name in fields)) return undefined;
  try {
    return JSON.parse(fields[name]);
  } catch {
    throw badRequest(`body/${name}`, 'must be JSON');
  }
}

function integer(fields: Record<string, string>, name: string): unknown {
  if (!(name in fields)) return undefined;
  return /^\d{1,16}$/.test(fields[name]) ? Number(fields[name]) : fields[name];
}

const safeFileName = (name: string) => path.basename(name).replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 200) || 'image';

function contentHashOf(parts: Multipart): string {
  const file = parts.file ? createHash('sha256').update(parts.file.bytes).digest('hex') : null;
  return JSON.stringify([parts.fields, parts.file?.fileName ?? null, file]);
}

/** Runs a media mutation: files written by a failed transaction are removed, files left without a row after a commit too. */
async function mediaMutation<I, R>(
  req: FastifyRequest, reply: FastifyReply, cmd: Command<I, R>, inputOf: (fx: MediaEffects) => I, contentHash?: string,
): Promise<void> {
  const { media, config } = req.server.context;
  const fx: MediaEffects = { store: media, quotaBytes: config.mediaQuotaBytes, written: [], obsolete: [] };
  const removeObsolete = async () => {
    await Promise.all(fx.obsolete.map((k) => fx.store.remove(k).catch((e) => req.log.warn({ err: e, key: k }, 'media file not removed'))));
  };
  try {
    await mutation(req, reply, cmd, inputOf(fx), { contentHash, afterCommit: removeObsolete });
  } catch (err) {
    await Promise.all(fx.written.map((k) => fx.store.remove(k).catch(() => {})));
    throw err;
  }
}

export async function mediaRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12, fieldSize: MAX_FIELD_BYTES, fieldNameSize: 100, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    const r = scope.withTypeProvider<TypeBoxTypeProvider>();
    const { db, media } = app.context;

    r.get('/media/module/:moduleId/matrikkelenhet/:id', { schema: { tags, params: MediaListParams, response: { 200: Type.Array(ImageAssetSchema), ...errors } } },
      (req) => listImages(db, req.user, req.params.id));

    r.get('/media/module/:moduleId/matrikkelenhet/:id/:assetId', { schema: { tags, params: MediaAssetParams, response: { 200: ImageAssetSchema, ...errors } } },
      (req) => getImage(db, req.user, req.params.id, req.params.assetId, media));

    // The file itself, for <img> through a blob URL. A blobUri names the version, so it never changes.
    r.get('/media/file/:assetId', { schema: { tags, params: MediaFileParams, querystring: MediaFileQuery } }, async (req, reply) => {
      const file = await imageFile(db, req.user, req.params.assetId, media);
      const etag = `"${file.sha256}"`;
      reply.header('etag', etag);
      reply.header('cache-control', req.query.v === file.version ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      reply.header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.contentType).send(file.bytes);
    });

    r.post('/media/customprops', { schema: { tags, body: CustomPropsSearchBody, response: { 200: Type.Array(ImageAssetSchema), ...errors } } },
      (req) => searchImages(db, req.user, req.body.matrikkelenhetsId, req.body.customProps));

    r.post('/media', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: ImageAssetSchema, ...fileErrors } } }, async (req, reply) => {
      const parts = await readMultipart(req);
      const fields = validate(UploadFields, {
        ...parts.fields,
        matrikkelenhetsId: integer(parts.fields, 'matrikkelenhetsId'),
        ...('metadata' in parts.fields ? { metadata: json(parts.fields, 'metadata') } : {}),
        customProps: json(parts.fields, 'customProps'),
      });
      checkText(fields, 'body');
      if (!parts.file) throw badRequest('body/mediafile', 'is required');
      const image = await checkImage(parts.file.bytes);
      const fileName = safeFileName(parts.file.fileName);
      await mediaMutation(req, reply, uploadImageCommand, (fx) => ({ input: { ...fields, fileName }, image, fx }), contentHashOf(parts));
    });

    r.put('/media', { schema: { tags, consumes: ['multipart/form-data'], response: { 200: Type.Array(ImageAssetSchema), ...fileErrors } } }, async (req, reply) => {
      const parts = await readMultipart(req);
      const fields = validate(ReplaceFields, {
        ...parts.fields,
        matrikkelenhetsId: integer(parts.fields, 'matrikkelenhetsId'),
      });
      const image: CheckedImage | null = parts.file ? await checkImage(parts.file.bytes) : null;
      if (!image && !fields.NewObjectId) throw badRequest('body', 'must have a mediafile or a NewObjectId');
      await mediaMutation(req, reply, replaceByObjectCommand, (fx) => ({ body: fields, image, fx }), contentHashOf(parts));
    });

    r.put('/media/rotate/:id', { schema: { tags, consumes: ['multipart/form-data'], params: UuidParam, response: { 200: ImageAssetSchema, ...fileErrors } } }, async (req, reply) => {
      const parts = await readMultipart(req);
      const { degrees } = validate(RotateFields, { ...parts.fields, ...(parts.fields.degrees !== undefined ? { degrees: integer(parts.fields, 'degrees') } : {}) });
      if (!parts.file && !degrees) throw badRequest('body', 'must have the rotated mediafile or degrees (90, 180, 270)');
      if (parts.file && degrees) throw badRequest('body', 'must have either a mediafile or degrees, not both');
      const sent = parts.file ? await checkImage(parts.file.bytes) : null;
      await mediaMutation(req, reply, replaceImageFileCommand, (fx) => ({
        assetId: req.params.id, make: async (asset, current) => sent ?? rotateImage(current, asset.contentType, degrees!), fx,
      }), contentHashOf(parts));
    });

    r.put('/media/metadata', { schema: { tags, body: MetadataUpdateBody, response: { 200: ImageAssetSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateMetadataCommand, req.body));

    r.delete('/media/module/:moduleId/matrikkelenhet/:id/:assetId', { schema: { tags, params: MediaAssetParams, response: { 200: MediaDeletedSchema, ...mutationErrors } } }, (req, reply) => mediaMutation(req, reply, deleteImageCommand, (fx) => ({ matrikkelenhetId: req.params.id, assetId: req.params.assetId, fx })));

    r.delete('/media', { schema: { tags, querystring: DeleteByObjectQuery, response: { 200: MediaDeletedSchema, ...mutationErrors } } }, (req, reply) => mediaMutation(req, reply, deleteByObjectCommand, (fx) => ({ matrikkelenhetId: req.query.matrikkelenhetsId, objectId: req.query.CurrentObjectId, fx })));
  });
}
