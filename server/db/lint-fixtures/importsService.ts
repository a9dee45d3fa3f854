// Must fail lint: server/db is the bottom layer.
import { inUnitOfWork } from '../../services/unitOfWork';
export const probe = inUnitOfWork;
