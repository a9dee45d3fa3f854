// Must fail lint: services never import workers.
import { startWorkers } from '../../workers';
export const probe = startWorkers;
