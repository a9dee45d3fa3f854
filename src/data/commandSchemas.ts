/**
 * Each command kind's body checked against the server's own schema (src/domain/schemas) with
 * the server's bounds (src/domain/schemaBounds.ts), before the command is queued: the plumber is told
 * at once, in the form, what the server would refuse. Loaded on demand (TypeBox stays out of the shell).
 */
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  AddTaskBody, CompletionBody, CreateJobBody, CustomPropsSchema, DeleteJobsBody, DeleteTaskBody, ImageMetadataSchema, NoteBody, ReassignBody,
  TaskReportBody, UpdateJobBody, Uuid,
} from '../domain/schemas';
import { harden } from '../domain/schemaBounds';
import type { Command } from './commands';

export interface CommandProblem {
  /** The field as the server names it, e.g. body/notes. */
  field: string;
  /** What the schema says, e.g. "must NOT have more than 4000 characters". */
  message: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** POST /api/jobs/task/{taskId}: the server's body, plus the path's task id the command carries. */
const TaskReportCommand = Type.Object({ ...TaskReportBody.properties, taskId: Uuid }, { additionalProperties: true });

/** An upload's description (the file waits in the replica): the fields POST /api/media checks. */
const PhotoRef = { assetId: Uuid, jobId: Uuid, taskId: Uuid, matrikkelenhetsId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) };
const UploadPhotoCommand = Type.Object({
  ...PhotoRef,
  fileName: Type.String({ minLength: 1, maxLength: 200 }),
  customProps: CustomPropsSchema,
  metadata: ImageMetadataSchema,
}, { additionalProperties: false });
const DeletePhotoCommand = Type.Object(PhotoRef, { additionalProperties: false });
const RotatePhotoCommand = Type.Object({ ...PhotoRef, degrees: Type.Union([Type.Literal(90), Type.Literal(180), Type.Literal(270)]) }, { additionalProperties: false });
const PhotoMetadataCommand = Type.Object({ ...PhotoRef, metadata: ImageMetadataSchema }, { additionalProperties: false });

const SCHEMAS: Record<Command['type'], TSchema> = {
  createJob: CreateJobBody,
  updateJob: UpdateJobBody,
  updateNote: NoteBody,
  completeJob: CompletionBody,
  reassignJobs: ReassignBody,
  deleteJobs: DeleteJobsBody,
  addTask: AddTaskBody,
  deleteTask: DeleteTaskBody,
  uploadPhoto: UploadPhotoCommand,
  deletePhoto: DeletePhotoCommand,
  rotatePhoto: RotatePhotoCommand,
  updatePhotoMetadata: PhotoMetadataCommand,
  saveTaskDraft: TaskReportCommand,
  sendTaskReport: TaskReportCommand,
};

const compiled = new Map<Command['type'], ReturnType<typeof Compile>>();

export function commandProblem(command: Command): CommandProblem | null {
  let check = compiled.get(command.type);
  if (!check) {
    check = Compile(harden(SCHEMAS[command.type]) as TSchema);
    compiled.set(command.type, check);
  }
  // expectedVersion 0 is the device's placeholder for a job not yet on the server: replay fills it in.
  const body: Record<string, unknown> = { ...command.body };
  if (body.expectedVersion === 0) delete body.expectedVersion;
  if (check.Check(body)) return null;
  const [first] = [...check.Errors(body)];
  return {
    field: `body${first?.instancePath ?? ''}`,
    message: first?.message ?? 'is not valid',
    keyword: first?.keyword ?? 'unknown',
    params: (first?.params ?? {}) as Record<string, unknown>,
  };
}
