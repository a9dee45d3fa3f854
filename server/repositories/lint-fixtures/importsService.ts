// Must fail lint: repositories are below the services.
import { getJob } from '../../services/jobs/read';
export const probe = getJob;
