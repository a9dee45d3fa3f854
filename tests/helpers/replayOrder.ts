/**
 * The replay's order guarantee (src/data/replay.ts): commands that share a job (or a task or photo
 * they create or use) reach the server in queue order; commands of different jobs may overlap.
 */
export interface QueuedForOrder {
  key: string;
  jobIds: string[];
}

/** The jobs whose commands were first sent out of queue order (none: the guarantee held). */
export function jobsOutOfOrder(sentKeys: (string | null)[], queued: QueuedForOrder[]): string[] {
  const firstSent = new Map<string, number>();
  sentKeys.forEach((k, i) => { if (k !== null && !firstSent.has(k)) firstSent.set(k, i); });
  const byJob = new Map<string, number[]>();
  for (const e of queued) for (const j of e.jobIds) byJob.set(j, [...(byJob.get(j) ?? []), firstSent.get(e.key) ?? -1]);
  return [...byJob].filter(([, at]) => at.some((x, i) => x === -1 || (i > 0 && x < at[i - 1]))).map(([j]) => j);
}
