// Must fail lint: the server imports only src/domain from src.
import { db } from '../../src/data/db';
export const probe = db;
