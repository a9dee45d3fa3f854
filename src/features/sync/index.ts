export { SyncStatus, syncTone } from './SyncStatus';
