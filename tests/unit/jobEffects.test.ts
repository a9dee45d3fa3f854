import { describe, expect, it } from 'vitest';
import { jobEditEffect, noteEffect, reassignEffect, taskEditEffect } from '../../src/domain/jobs/effects';

const job = { dueDate: '2026-12-01T10:00:00.000Z', assignedToId: 7, assigneeName: 'Ola', assignedDate: '2026-11-01T08:00:00.000Z' };
const edit = { description: 'ny', severity: 3, scheduledDate: '2026-12-02T08:00:00.000Z', dueDate: '2026-12-09T08:00:00.000Z', plumberId: 7 };
const madeAt = '2026-11-26T04:40:00.000Z';

describe('what a job edit does (one rule for device and server)', () => {
  it('a plumber keeps the due date; an admin sets it', () => {
    expect(jobEditEffect(job, edit, false, null, madeAt).dueDate).toBe(job.dueDate);
    expect(jobEditEffect(job, edit, true, null, madeAt).dueDate).toBe(edit.dueDate);
  });

  it('the plumber and the time of the change only when the plumber changed', () => {
    const same = jobEditEffect(job, edit, true, null, madeAt);
    expect(same).not.toHaveProperty('assignedToId');
    const moved = jobEditEffect(job, { ...edit, plumberId: 9 }, true, { id: 9, name: 'Kari' }, madeAt);
    expect(moved).toMatchObject({ assignedToId: 9, assigneeName: 'Kari', assignedDate: madeAt, description: 'ny', severityId: 3 });
  });

  it('a task edit takes the description and follows a new plumber', () => {
    expect(taskEditEffect({ description: 'x' }, null)).toEqual({ description: 'x' });
    expect(taskEditEffect({ description: 'x' }, { id: 9, name: 'Kari' })).toEqual({ description: 'x', assignedTo: 9, assigneeName: 'Kari' });
  });

  it('a note takes the note and severity, nothing else', () => {
    expect(noteEffect({ notes: 'n', severity: 1, status: 4 } as { notes: string; severity: number })).toEqual({ notes: 'n', severityId: 1 });
  });

  it('reassigning to the same plumber keeps the assigned date', () => {
    expect(reassignEffect(job, { id: 7, name: 'Ola' }, madeAt).assignedDate).toBe(job.assignedDate);
    expect(reassignEffect(job, { id: 8, name: 'Per' }, madeAt).assignedDate).toBe(madeAt);
  });
});
