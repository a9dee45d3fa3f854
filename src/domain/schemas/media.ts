/**
 * Task images (spec 1 §3 image asset, §7 Media): the shapes the API takes and gives. The limits, kinds
 * and the object id rule are in ../media.ts.
 */
import { Type, type Static } from 'typebox';
import { ImageType, MEDIA_MODULE_ID, MeterKind } from '../media';
import { Nullable, Uuid } from './common';

const Text = (maxLength: number) => Type.String({ maxLength });
const OptionalNullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Number> | ReturnType<typeof Type.Integer>>(t: T) =>
  Type.Optional(Nullable(t));

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
const Serial = Type.String({ maxLength: 50, pattern: '^[^_\\u0000]*$' });

/** The upload's customProps (spec 1 §3): which meter, task and picture this is. */
export const CustomPropsSchema = Type.Object({
  meterNumber: Type.Optional(Nullable(Serial)),
  taskId: Uuid,
  waterMeterType: MeterKindSchema,
  imageType: ImageTypeSchema,
}, { additionalProperties: false });
export type CustomProps = Static<typeof CustomPropsSchema>;

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
  metadata: Nullable(ImageMetadataSchema),
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
export type CustomPropsSearchRequest = Static<typeof CustomPropsSearchBody>;

/** PUT /api/media/metadata. */
export const MetadataUpdateBody = Type.Object({
  moduleId: ModuleId,
  matrikkelenhetsId: MatrikkelenhetId,
  assetId: Uuid,
  metadata: ImageMetadataSchema,
}, { additionalProperties: false });
export type MetadataUpdateRequest = Static<typeof MetadataUpdateBody>;

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
  metadata: Type.Optional(Nullable(ImageMetadataSchema)),
  customProps: CustomPropsSchema,
}, { additionalProperties: false });
export type UploadFields = Static<typeof UploadFields>;

/** PUT /api/media (multipart): object ids renamed, and the file replaced when one is sent. */
export const ReplaceFields = Type.Object({
  moduleId: ModuleId,
  matrikkelenhetsId: MatrikkelenhetId,
  CurrentObjectId: ObjectIdSchema,
  NewObjectId: Type.Optional(ObjectIdSchema),
}, { additionalProperties: false });
export type ReplaceFields = Static<typeof ReplaceFields>;

/** PUT /api/media/rotate/{id} (multipart): the rotated copy as a file, or the turn for the server to make. */
export const RotateFields = Type.Object({
  degrees: Type.Optional(Type.Union([Type.Literal(90), Type.Literal(180), Type.Literal(270)])),
}, { additionalProperties: false });

/** { deleted }: the object ids (or asset ids) a media delete removed. */
export const MediaDeletedSchema = Type.Object({ deleted: Type.Array(Type.String()) });
export type MediaDeleted = Static<typeof MediaDeletedSchema>;
