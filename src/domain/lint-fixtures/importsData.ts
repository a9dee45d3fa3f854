// Must fail lint: src/domain imports nothing above it.
import { db } from '../../data/db';
export const probe = db;
