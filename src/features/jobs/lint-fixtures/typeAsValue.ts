// Must fail lint: a type imported without 'type'.
import { Job } from '../../../domain/api';
export const probe = (job: Job) => job.jobId;
