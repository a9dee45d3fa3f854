/** Tasks (spec 1 §3 task, §7 Tasks): the task as answered, and the bodies of POST/PUT/DELETE /api/Tasks. */
import { Type, type Static, type TSchema } from 'typebox';
import { NOTE_MAX_LENGTH } from '../constants';
import { DEVIATION_CAUSES_MAX, FORM_IMAGES_MAX, PLACEMENT_COMMENT_MAX_LENGTH, READING_MAX, SERIAL_MAX_LENGTH } from '../tasks/form';
import { BigId, DateTime, ExpectedVersion, JsonObject, LocationSchema, Nullable, Uuid } from './common';

/**
 * Where the task is (spec 1 §3 "subscriber details"). Stored as sent (further fields are kept), so
 * only addressText is always there; the device fills the rest from the chosen property.
 */
export const SubscriberDetailsSchema = Type.Object({
  addressId: Type.Optional(Nullable(BigId())),
  addressText: Type.String({ maxLength: 500 }),
  location: Type.Optional(Nullable(LocationSchema)),
  coordinateSource: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  buildingId: Type.Optional(Nullable(BigId())),
  housingUnitId: Type.Optional(Nullable(BigId())),
}, { additionalProperties: true });
export type SubscriberDetails = Static<typeof SubscriberDetailsSchema>;

// --- the task forms' objects (spec 1 §3 "New water meter", "Old meter", §2 not carried out) -----------
// Drafts hold half-filled forms, so every field may be missing or null; a sent report is checked for
// completeness by the rules of src/domain/tasks/form.ts (server/services/taskReport.ts). Only the
// spec's fields, each bounded: these objects travel in every job list and change feed.

const Id = Type.Integer({ minimum: 1 });
const Opt = <T extends TSchema>(t: T) => Type.Optional(Nullable(t));
/** Readings are numbers (old and new meter alike); the meter models count at most 9 digits. */
const Reading = Type.Number({ minimum: 0, maximum: READING_MAX });
const YesNoUnknownSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
const WaterTypeSchema = Type.Integer({ minimum: 0, maximum: 2, description: 'cold 0, hot 1, cold-and-hot 2' });
const Serial = Type.String({ maxLength: SERIAL_MAX_LENGTH });

/** A photo a form lists: the uploaded asset and its file URL (spec 1 §3 "each with text and url"). */
export const FormImageSchema = Type.Object({
  assetId: Type.Optional(Uuid),
  text: Type.String({ maxLength: 200 }),
  url: Type.String({ maxLength: 500 }),
}, { additionalProperties: false });
const Images = Type.Array(FormImageSchema, { maxItems: FORM_IMAGES_MAX });

export const NewWaterMeterSchema = Type.Object({
  meterModelId: Opt(Id),
  serialNo: Opt(Serial),
  lastMeterReading: Opt(Reading),
  installedDate: Opt(DateTime),
  waterMeterImages: Type.Optional(Images),
  brackets: Opt(Type.Boolean()),
  maxConstructionLength: Opt(Id),
  directionId: Opt(Id),
  hasUpstreamStopValve: Opt(Type.Boolean()),
  hasDownstreamStopValve: Opt(Type.Boolean()),
  hasBackflowProtection: Opt(YesNoUnknownSchema),
  liquidCategory: Opt(Type.Integer({ minimum: 1, maximum: 5 })),
  backflowProtectionType: Opt(Id),
  hasUpstreamWaterMeter: Opt(YesNoUnknownSchema),
  hasDownstreamWaterMeter: Opt(YesNoUnknownSchema),
  upstreamMeterSerialNumber: Opt(Serial),
  upstreamMeterLastReading: Opt(Reading),
  upstreamMeterInstalledDate: Opt(DateTime),
  placementId: Opt(Id),
  placementComment: Opt(Type.String({ maxLength: PLACEMENT_COMMENT_MAX_LENGTH })),
  waterType: Opt(WaterTypeSchema),
}, { additionalProperties: false });
export type NewWaterMeter = Static<typeof NewWaterMeterSchema>;

/** The old meter: the register's fields (GET /api/WaterMeters) and what the plumber enters. */
export const DismantleSchema = Type.Object({
  waterMeterId: Opt(BigId()),
  serialNo: Opt(Serial),
  waterType: Opt(WaterTypeSchema),
  address: Opt(Type.String({ maxLength: 500 })),
  dimension: Opt(Type.String({ maxLength: 50 })),
  placementId: Opt(Id),
  placementComment: Opt(Type.String({ maxLength: PLACEMENT_COMMENT_MAX_LENGTH })),
  dismantledDate: Opt(DateTime),
  lastMeterReading: Opt(Reading),
  previousMeterReading: Opt(Reading),
  previousMeterReadDate: Opt(DateTime),
  iotKey: Opt(Type.String({ maxLength: 100 })),
  meterModelId: Opt(Id),
  readerTypeId: Opt(Id),
  waterMeterPointId: Opt(BigId()),
  meteringMode: Opt(Type.String({ maxLength: 50 })),
  waterMeterImages: Type.Optional(Images),
  /** The plumber's comment (required on a dismantle job). */
  comment: Opt(Type.String({ maxLength: NOTE_MAX_LENGTH })),
}, { additionalProperties: false });
export type Dismantle = Static<typeof DismantleSchema>;

/** A chosen cause as the reference list gives it, or its bare id. */
const DeviationItemSchema = Type.Union([
  Id,
  Type.Object({ id: Id, value: Type.Optional(Type.String({ maxLength: 200 })), deviationType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }, { additionalProperties: false }),
]);

/** "Not carried out" (spec 1 §3 additionalDetailsRequest: obstacle, note, deviationList, deviationImages). */
export const AdditionalDetailsSchema = Type.Object({
  obstacle: Opt(Type.Boolean()),
  note: Opt(Type.String({ maxLength: NOTE_MAX_LENGTH })),
  deviationList: Type.Optional(Type.Array(DeviationItemSchema, { maxItems: DEVIATION_CAUSES_MAX })),
  deviationImages: Type.Optional(Images),
}, { additionalProperties: false });
export type AdditionalDetails = Static<typeof AdditionalDetailsSchema>;

export const TaskSchema = Type.Object({
  taskId: Uuid,
  jobId: Uuid,
  jobType: Type.String(),
  title: Type.String(),
  typeId: Type.Integer(),
  statusId: Type.Integer(),
  description: Nullable(Type.String()),
  isActive: Type.Boolean(),
  isDeleted: Type.Boolean(),
  taskOrder: Type.Integer(),
  taskNo: Type.Integer(),
  externalRefId: Nullable(Type.String()),
  externalRefText: Nullable(Type.String()),
  assignedTo: Nullable(Type.Integer()),
  assigneeName: Nullable(Type.String()),
  scheduleItemId: Nullable(Type.Integer()),
  startDate: Nullable(Type.String()),
  subscriberDetails: Nullable(SubscriberDetailsSchema),
  newWaterMeterObj: Nullable(JsonObject),
  dismantleObj: Nullable(JsonObject),
  additionalDetailsRequest: Nullable(JsonObject),
  notes: Nullable(Type.String()),
});
export type Task = Static<typeof TaskSchema>;

/** POST /api/Tasks: a task added to an existing job. taskId may be made on the device. */
export const AddTaskBody = Type.Object({
  jobId: Uuid,
  taskId: Type.Optional(Uuid),
  subscriberDetails: Type.Optional(SubscriberDetailsSchema),
  description: Type.Optional(Nullable(Type.String())),
  externalRefId: Type.Optional(Nullable(Type.String())),
  externalRefText: Type.Optional(Nullable(Type.String())),
});
export type AddTaskRequest = Static<typeof AddTaskBody>;

/** PUT /api/Tasks: what may change on an unfinished task; an absent field is left as it is. */
export const UpdateTaskBody = Type.Object({
  jobId: Uuid,
  taskId: Uuid,
  description: Type.Optional(Nullable(Type.String())),
  notes: Type.Optional(Nullable(Type.String())),
  startDate: Type.Optional(Nullable(DateTime)),
  subscriberDetails: Type.Optional(Nullable(SubscriberDetailsSchema)),
  expectedVersion: ExpectedVersion,
});
export type UpdateTaskRequest = Static<typeof UpdateTaskBody>;

/**
 * When the user made the change on their device (ours). A command queued offline reaches the server
 * later; the server stores this time, not the time of the sync, after checking it (server/services/
 * jobs.ts workTime: not in the future beyond a small clock skew, not before the job existed). Absent:
 * the server's time.
 */
export const MadeAt = Type.Optional(Type.String({ format: 'date-time', description: 'When the change was made on the device' }));

/** DELETE /api/Tasks. */
export const DeleteTaskBody = Type.Object({ taskId: Uuid, jobId: Uuid });
export type DeleteTaskRequest = Static<typeof DeleteTaskBody>;
