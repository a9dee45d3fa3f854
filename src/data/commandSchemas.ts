/**
 * A command's body checked against the schema its kind names (CommandSpec.schema: the server's own,
 * src/domain/schemas, or a device-side one below) with the server's bounds (src/domain/schemaBounds.ts),
 * before the command is queued: the plumber is told at once, in the form, what the server would
 * refuse. Loaded on demand (TypeBox stays out of the shell); the definitions name a schema from this
 * module once it is loaded.
 */
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import * as serverSchemas from '../domain/schemas';
import { harden } from '../domain/schemaBounds';
import { COMMANDS, type Command } from './commands';

const { CustomPropsSchema, ImageMetadataSchema, TaskReportBody, Uuid } = serverSchemas;

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

/** What a definition may name: the server's schemas (a route's own body) and the device's above. */
const schemas = { ...serverSchemas, TaskReportCommand, UploadPhotoCommand, DeletePhotoCommand, RotatePhotoCommand, PhotoMetadataCommand };
export type CommandSchemaName = { [K in keyof typeof schemas]: (typeof schemas)[K] extends TSchema ? K : never }[keyof typeof schemas];

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/** The compiled check of a command kind's schema, compiled on its first use. */
function checkOf(type: Command['type']): ReturnType<typeof Compile> {
  const schema: TSchema = schemas[COMMANDS[type].schema];
  let check = compiled.get(schema);
  if (!check) {
    check = Compile(harden(schema) as TSchema);
    compiled.set(schema, check);
  }
  return check;
}

/**
 * Compiles a kind's check ahead of its first command, at a moment of the caller's choosing (an idle
 * one): compiled in the same task as the first command's save, it lengthened that task.
 */
export function prepareCommandCheck(type: Command['type']): void {
  checkOf(type);
}

/** What the server would refuse in this command's body (its kind's schema), or null. */
export function commandProblem(command: Command): CommandProblem | null {
  const check = checkOf(command.type);
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
