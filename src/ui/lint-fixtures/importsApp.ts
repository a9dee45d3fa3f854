// Must fail lint: src/ui imports no app.
import { Root } from '../../app/Root';
export const probe = Root;
