/** Tasks (spec 1 §3 task, §7 Tasks): the task as answered, and the bodies of POST/PUT/DELETE /api/Tasks. */
import { Type, type Static } from 'typebox';
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

/** DELETE /api/Tasks. */
export const DeleteTaskBody = Type.Object({ taskId: Uuid, jobId: Uuid });
export type DeleteTaskRequest = Static<typeof DeleteTaskBody>;
