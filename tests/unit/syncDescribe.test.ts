import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/data/commands';
import { dependentEntries } from '../../src/data/commands';
import type { Job, Plumber } from '../../src/domain/api';
import { conflictRows, jobLabel, refusedFieldLabel } from '../../src/features/sync/describe';
import { syncTone } from '../../src/features/sync/SyncStatus';
import { createRequest, serverJob } from './outboxFakeApi';

const actor = { userId: 'u', isAdmin: true, registrationId: 10, companyId: 'c' };
const base = { key: 'k', userId: 'u', actor, createdAt: '', attempts: 1, jobIds: [] as string[] };
const server: Job = { ...serverJob(createRequest('job-1', 'task-1', 11), 4711), notes: 'Kontorets notat', assigneeName: 'Ola Nordmann', version: 3 };

describe('what the failed-commands panel shows', () => {
  it('a refused note: mine beside the server version', () => {
    const entry: OutboxEntry = {
      ...base, seq: 1, type: 'updateNote', status: 'failed', jobId: 'job-1',
      body: { jobId: 'job-1', notes: 'Mitt notat', status: 1, severity: 2, expectedVersion: 2 },
      error: { status: 409, message: 'changed', current: server },
    };
    expect(conflictRows(entry)).toEqual([{ fieldKey: 'Field.notes', mine: 'Mitt notat', server: 'Kontorets notat' }]);
    expect(jobLabel(entry, server)).toBe('#4711 · Strandgaten 12, 5013 Bergen');
  });

  it('a refused edit lists only the fields that differ, with plumber names', () => {
    const per: Plumber = {
      id: 12, userId: 'p', firstName: 'Per', lastName: 'Hansen', displayName: 'Per', telephone: null, email: 'p@x.no',
      userStatus: 2, registeredDate: '', isActive: true, plumberInitials: 'PH', roleId: 1, gdprConsent: true,
    };
    const entry: OutboxEntry = {
      ...base, seq: 2, type: 'updateJob', status: 'failed', jobId: 'job-1',
      body: {
        jobId: 'job-1', plumberId: 12, description: server.description, jobTypeId: 2, jobType: 'Replace', title: server.title,
        severity: 2, status: 1, scheduledDate: null, dueDate: null, updatedBy: 'kari@x.no', taskEditRequests: [],
      },
      error: { status: 409, message: 'changed', current: server },
    };
    expect(conflictRows(entry, [per])).toEqual([{ fieldKey: 'Field.assignee', mine: 'Per Hansen', server: 'Ola Nordmann' }]);
  });

  it('no server version, no rows', () => {
    const entry: OutboxEntry = {
      ...base, seq: 3, type: 'createJob', status: 'failed', jobId: 'job-9', body: createRequest('job-9', 't', 11),
      error: { status: 400, message: 'bad' },
    };
    expect(conflictRows(entry)).toEqual([]);
    expect(jobLabel(entry, undefined)).toBe('Strandgaten 12, 5013 Bergen');
  });

  it('a 400 names the refused field, shown by its path in the body; a refusal naming none shows none', () => {
    const entry: OutboxEntry = {
      ...base, seq: 5, type: 'updateNote', status: 'failed', jobId: 'job-1', body: { jobId: 'job-1', notes: 'x', status: 1, severity: 2 },
      error: { status: 400, message: 'body/jobTasks/0/notes must NOT have more than 4000 characters', field: 'body/jobTasks/0/notes' },
    };
    expect(refusedFieldLabel(entry)).toBe('jobTasks/0/notes');
    expect(refusedFieldLabel({ ...entry, error: { status: 403, message: 'no' } })).toBeNull();
  });

  it('later commands on a job made offline depend on its creation, transitively', () => {
    const create: OutboxEntry = { ...base, seq: 1, type: 'createJob', status: 'failed', jobId: 'j', body: createRequest('j', 't1', 11) };
    const addTask: OutboxEntry = { ...base, seq: 2, type: 'addTask', status: 'pending', jobId: 'j', body: { jobId: 'j', taskId: 't2' } };
    const other: OutboxEntry = { ...base, seq: 3, type: 'updateNote', status: 'pending', jobId: 'x', body: { jobId: 'x', notes: '', status: 1, severity: 2 } };
    const delTask: OutboxEntry = { ...base, seq: 4, type: 'deleteTask', status: 'pending', jobId: 'j', body: { jobId: 'j', taskId: 't2' } };
    expect(dependentEntries(create, [create, addTask, other, delTask]).map((e) => e.seq)).toEqual([2, 4]);
    expect(dependentEntries(other, [create, addTask, other, delTask])).toEqual([]);
  });
});

describe('the header indicator', () => {
  it('shows the most urgent state', () => {
    expect(syncTone({ online: false, failed: 1, replaying: false, pending: 3 })).toBe('failed');
    expect(syncTone({ online: false, failed: 0, replaying: false, pending: 3 })).toBe('offline');
    expect(syncTone({ online: true, failed: 0, replaying: true, pending: 3 })).toBe('replaying');
    expect(syncTone({ online: true, failed: 0, replaying: false, pending: 3 })).toBe('pending');
    expect(syncTone({ online: true, failed: 0, replaying: false, pending: 0 })).toBe('synced');
  });
});
