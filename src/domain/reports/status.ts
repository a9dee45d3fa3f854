/**
 * What a sent report does to its task (spec 1 §4), kept apart from the forms' rules (taskForm.ts)
 * because the outbox, which is in the app shell, needs only this.
 */
import { DeviationType, TaskStatus } from '../enums';

/** A cause of a "not carried out" report (the Deviation list; spec 1 §3 "Deviation item"). */
export interface DeviationCause {
  id: number;
  value?: string;
  /** DeviationType: Deviation 0, Obstacle 1. */
  deviationType: number;
}

/**
 * The task's status after a sent report (spec 1 §4): Completed without causes; with causes,
 * Deviation when any chosen cause is of type deviation, else Obstacle. Device and server both.
 */
export function reportedTaskStatus(causes: readonly Pick<DeviationCause, 'deviationType'>[]): number {
  if (causes.length === 0) return TaskStatus.Completed;
  return causesNeedImages(causes) ? TaskStatus.Deviation : TaskStatus.Obstacle;
}

/** Images are required with a deviation report when any chosen cause is of type deviation. */
export function causesNeedImages(causes: readonly Pick<DeviationCause, 'deviationType'>[]): boolean {
  return causes.some((c) => c.deviationType === DeviationType.Deviation);
}


/**
 * The additionalDetailsRequest.obstacle flag: set when any chosen cause is of type obstacle, also
 * beside a deviation cause (a deviation report naming an obstacle is still hindered by it). Device
 * and server both.
 */
export function hasObstacleCause(causes: readonly Pick<DeviationCause, 'deviationType'>[]): boolean {
  return causes.some((c) => c.deviationType === DeviationType.Obstacle);
}
