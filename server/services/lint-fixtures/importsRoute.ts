// Must fail lint: services never import routes.
import { runMutation } from '../../routes/mutation';
export const probe = runMutation;
