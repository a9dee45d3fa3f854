export { SyncStatus, syncTone } from './SyncStatus';
export { FailedCommandsPanel } from './FailedCommandsPanel';
