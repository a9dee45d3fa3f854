// Must fail lint: the client imports the TypeBox schemas as types only.
import { JobSchema } from '../../../domain/schemas';
export const probe = JobSchema;
