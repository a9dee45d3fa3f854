/**
 * Task images (spec 1 §3 image asset, §7 Media): the shapes the API takes and gives, its limits and
 * the object id rule, once for the server and the device. The client imports these with
 * `import type` or from a lazily loaded chunk, so TypeBox stays out of the shell.
 */
import { Type, type Static } from 'typebox';

/** The spec's module id for water-meter media. */
export const MEDIA_MODULE_ID = 'VA';
/** Object ids join serial, task id, meter kind and image type with this (spec 1 §9). */
export const OBJECT_ID_DELIMITER = '_';
/** The device resizes to this (DESIGN.md "images"); the server scales anything larger down to it. */
export const MAX_IMAGE_SIDE = 1920;
/** Largest file the API takes: a 1920 px JPEG at quality 0.8 is about 0.4–1 MB, a PNG a few MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** What the file input offers (spec 1 §2); heic is offered and refused when it cannot be decoded. */
export const ACCEPTED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'jfif'] as const;
/** Content types the server stores, decided by the file's bytes, never by its name. */
export const STORED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

export const ImageType = { Overview: 'overview', Detail: 'detail', UpstreamDetail: 'upstreamDetail', Deviation: 'deviation' } as const;
export const MeterKind = { New: 'new', Old: 'old', Upstream: 'upstream', Deviation: 'deviation' } as const;

const Text = (maxLength: number) => Type.String({ maxLength });
const OptionalNullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Number> | ReturnType<typeof Type.Integer>>(t: T) =>
  Type.Optional(Type.Union([t, Type.Null()]));

/** EXIF facts read on the device (spec 1 §3 image metadata); every field optional and bounded. */
export const ImageMetadataSchema = Type.Object({
  deviceMake: OptionalNullable(Text(100)),
  deviceOS: OptionalNullable(Text(100)),
  deviceModel: OptionalNullable(Text(100)),
  metadataCapturedDate: OptionalNullable(Type.String({ format: 'date-time', maxLength: 40 })),
  iSO: OptionalNullable(Type.Number({ minimum: 0, maximum: 10_000_000 })),
  shutterSpeed: OptionalNullable(Type.Number({ minimum: 0, maximum: 86_400 })),
  latitude: OptionalNullable(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: OptionalNullable(Type.Number({ minimum: -180, maximum: 180 })),
  direction: OptionalNullable(Type.Number({ minimum: 0, maximum: 360 })),
  orientation: OptionalNullable(Type.Integer({ minimum: 1, maximum: 8 })),
  width: OptionalNullable(Type.Integer({ minimum: 1, maximum: 100_000 })),
  height: OptionalNullable(Type.Integer({ minimum: 1, maximum: 100_000 })),
  sizeInBytes: OptionalNullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
}, { additionalProperties: false });
export type ImageMetadata = Static<typeof ImageMetadataSchema>;

const ImageTypeSchema = Type.Union(Object.values(ImageType).map((v) => Type.Literal(v)));
const MeterKindSchema = Type.Union(Object.values(MeterKind).map((v) => Type.Literal(v)));
const Uuid = Type.String({ format: 'uuid' });
const Serial = Type.String({ maxLength: 50, pattern: '^[^_\\u0000]*$' });

/** The upload's customProps (spec 1 §3): which meter, task and picture this is. */
export const CustomPropsSchema = Type.Object({
  meterNumber: Type.Optional(Type.Union([Serial, Type.Null()])),
  taskId: Uuid,
  waterMeterType: MeterKindSchema,
  imageType: ImageTypeSchema,
}, { additionalProperties: false });
export type CustomProps = Static<typeof CustomPropsSchema>;

/** serial_taskId_meterKind_imageType (spec 1 §7); an unknown serial is left empty. */
export function objectIdOf(p: Pick<CustomProps, 'meterNumber' | 'taskId' | 'waterMeterType' | 'imageType'>): string {
  return [p.meterNumber ?? '', p.taskId, p.waterMeterType, p.imageType].join(OBJECT_ID_DELIMITER);
}

export const ObjectIdSchema = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000]*$' });
const MatrikkelenhetId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const ModuleId = Type.Literal(MEDIA_MODULE_ID);

/** An image as the API answers it. fileContent (base64) only when one image is fetched. */
export const ImageAssetSchema = Type.Object({
  assetId: Uuid,
  fileName: Type.String(),
  assetType: Type.String(),
  blobUri: Type.String(),
  createdBy: Type.String(),
  createdDate: Type.String(),
  objectId: Type.String(),
  moduleId: Type.String(),
  matrikkelenhetsId: Type.Integer(),
  customProps: CustomPropsSchema,
  metadata: Type.Union([ImageMetadataSchema, Type.Null()]),
  width: Type.Integer(),
  height: Type.Integer(),
  sizeInBytes: Type.Integer(),
  /** sha256 (hex) of the file as stored; the device keeps its copy until this matches what it sent. */
  contentHash: Type.String(),
  /** sha256 (hex) of the bytes this request received (equals contentHash unless the server scaled it). */
  receivedHash: Type.Optional(Type.String()),
  version: Type.Integer(),
  fileContent: Type.Optional(Type.String()),
});
export type ImageAsset = Static<typeof ImageAssetSchema>;

export const MediaListParams = Type.Object({ moduleId: ModuleId, id: MatrikkelenhetId });
export const MediaAssetParams = Type.Object({ moduleId: ModuleId, id: MatrikkelenhetId, assetId: Uuid });
export const MediaFileParams = Type.Object({ assetId: Uuid });
export const MediaFileQuery = Type.Object({ v: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })) });

/** POST /api/media/customprops: images of a property, narrowed by any of the custom props. */
export const CustomPropsSearchBody = Type.Object({
  moduleId: ModuleId,
  matrikkelenhetsId: MatrikkelenhetId,
  customProps: Type.Partial(CustomPropsSchema),
}, { additionalProperties: false });

/** PUT /api/media/metadata. */
export const MetadataUpdateBody = Type.Object({
  moduleId: ModuleId,
  matrikkelenhetsId: MatrikkelenhetId,
  assetId: Uuid,
  metadata: ImageMetadataSchema,
}, { additionalProperties: false });

/** DELETE /api/media: every image of one object id on a property. */
export const DeleteByObjectQuery = Type.Object({
  moduleId: ModuleId,
  matrikkelenhetsId: MatrikkelenhetId,
  CurrentObjectId: ObjectIdSchema,
}, { additionalProperties: false });

/** The text fields of an upload (POST /api/media), parsed from the multipart body. */
export const UploadFields = Type.Object({
  moduleId: ModuleId,
  matrikkelenhetsId: MatrikkelenhetId,
  /** Made on the device, so later offline commands (rotate, delete) can name the image. */
  assetId: Type.Optional(Uuid),
  metadata: Type.Optional(Type.Union([ImageMetadataSchema, Type.Null()])),
  customProps: CustomPropsSchema,
}, { additionalProperties: false });

/** PUT /api/media (multipart): object ids renamed, and the file replaced when one is sent. */
export const ReplaceFields = Type.Object({
  moduleId: ModuleId,
  matrikkelenhetsId: MatrikkelenhetId,
  CurrentObjectId: ObjectIdSchema,
  NewObjectId: Type.Optional(ObjectIdSchema),
}, { additionalProperties: false });

/** PUT /api/media/rotate/{id} (multipart): the rotated copy as a file, or the turn for the server to make. */
export const RotateFields = Type.Object({
  degrees: Type.Optional(Type.Union([Type.Literal(90), Type.Literal(180), Type.Literal(270)])),
}, { additionalProperties: false });

/** The spec's answer to a media path that finds nothing (spec 1 §8): the client shows it as text. */
export const NO_MEDIA_FOUND = 'No media found.';
