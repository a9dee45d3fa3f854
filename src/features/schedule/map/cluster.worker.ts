/** The planning map's cluster worker (a module worker, created by clusterClient.ts); the logic is clusterCore.ts. */
import { createClusterCore, type ClusterAnswer, type ClusterRequest } from './clusterCore';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ClusterRequest>) => void) | null;
  postMessage(message: ClusterAnswer, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;
const core = createClusterCore();

scope.onmessage = (event) => {
  const { answer, transfer } = core.handle(event.data);
  scope.postMessage(answer, transfer);
};
