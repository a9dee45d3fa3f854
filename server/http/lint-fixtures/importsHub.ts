// Must fail lint: server/http imports no other part of the server.
import { HUB_CHANNEL } from '../../hub/publisher';
export const probe = HUB_CHANNEL;
