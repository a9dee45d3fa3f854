/** The device checks a command against the server's own schema and bounds before queueing it (issue 7 §4). */
import { describe, expect, it } from 'vitest';
import { commandProblem } from '../../src/data/commandSchemas';
import { NOTE_MAX_LENGTH } from '../../src/domain/constants';

const jobId = '3f0c8f4e-1c2b-4d6e-9a7b-1234567890ab';
const note = (notes: string) => ({ type: 'updateNote' as const, body: { jobId, notes, status: 1, severity: 2 } });

describe('commandProblem', () => {
  it('takes a note of the longest length the server takes, and names the field of a longer one', () => {
    expect(commandProblem(note('x'.repeat(NOTE_MAX_LENGTH)))).toBeNull();
    expect(commandProblem(note('x'.repeat(NOTE_MAX_LENGTH + 1)))).toMatchObject({ field: 'body/notes', keyword: 'maxLength' });
  });

  it('applies the server\'s added bounds too: an int4 past its range, a title past 200', () => {
    const body = { jobsList: [jobId], assigneeId: 2 ** 31, assigneeName: 'x' };
    expect(commandProblem({ type: 'reassignJobs', body })).toMatchObject({ field: 'body/assigneeId', keyword: 'maximum' });
    expect(commandProblem({ type: 'reassignJobs', body: { ...body, assigneeId: 7 } })).toBeNull();
    expect(commandProblem({ type: 'deleteTask', body: { taskId: 'not-a-uuid', jobId } })).toMatchObject({ field: 'body/taskId' });
  });
});
