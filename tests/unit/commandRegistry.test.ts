/**
 * The command registry (src/data/commands): every kind has a definition, a text in each language and
 * a schema, what a definition leaves out has its default, and the generic code reads it through
 * commandDef. Each kind's sample is in tests/server/outbox-replay.test.ts (its Samples type refuses
 * a kind without one, and the test queues every kind). Type-level checks run with
 * `npm run typecheck` (the @ts-expect-error lines fail the compile when the registry stops refusing).
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS, COMMAND_TYPES, commandDef, type Command, type CommandRegistry } from '../../src/data/commands';
import { defineCommands } from '../../src/data/commands/define';
import { commandProblem } from '../../src/data/commandSchemas';
import { commandLabelKey } from '../../src/features/sync/describe';
import enSync from '../../src/i18n/en/syncDetails.json';
import nbSync from '../../src/i18n/nb/syncDetails.json';

const request = () => ({ method: 'POST' as const, path: '/api/x', json: {} });
// @ts-expect-error a kind without its definition does not compile
const missing: CommandRegistry = { ...COMMANDS, deleteTask: undefined };
// @ts-expect-error a definition must say where it is sent (no default for request)
defineCommands<{ x: { jobId: string } }>({ x: { schema: 'NoteBody', jobIds: (b) => [b.jobId], apply: async () => undefined } });
// @ts-expect-error nor is there a default schema: every body is checked before it is queued
defineCommands<{ x: { jobId: string } }>({ x: { request, jobIds: (b) => [b.jobId], apply: async () => undefined } });
// @ts-expect-error a schema is named among those the device can load
defineCommands<{ x: { jobId: string } }>({ x: { request, schema: 'NoSuchBody', jobIds: (b) => [b.jobId], apply: async () => undefined } });
void missing;

const note: Command = { type: 'updateNote', body: { jobId: 'j1', notes: 'n', status: 1, severity: 2, expectedVersion: 4 } };
const delTask: Command = { type: 'deleteTask', body: { jobId: 'j1', taskId: 't9' } };

describe('command registry', () => {
  it('names every kind in the sync panel with its own text in nb and en, and no text is left for a kind that went', () => {
    for (const [lang, texts] of [['nb', nbSync], ['en', enSync]] as const) {
      const commandTexts = (texts as { Command: Record<string, string> }).Command;
      for (const type of COMMAND_TYPES) {
        expect(commandLabelKey({ type }), type).toBe(`syncDetails:Command.${type}`);
        expect(commandTexts[type], `${lang} Command.${type}`).toBeTruthy();
      }
      expect(Object.keys(commandTexts).sort(), lang).toEqual([...COMMAND_TYPES].sort());
    }
  });

  it('names a schema for every kind, which refuses an empty body', () => {
    for (const type of COMMAND_TYPES) {
      expect(commandProblem({ type, body: {} } as Command), type).toMatchObject({ field: expect.stringMatching(/^body/) });
    }
  });

  it('sends each kind to an /api path', async () => {
    expect(await commandDef(note).request()).toEqual({ method: 'PUT', path: '/api/Jobs', json: note.body });
    expect(await commandDef(delTask).request()).toMatchObject({ method: 'DELETE', path: '/api/Tasks' });
  });

  it('reads ids and versions through the definitions', () => {
    expect(commandDef(delTask).jobIds()).toEqual(['j1']);
    expect(commandDef(delTask).referenced()).toEqual(['j1', 't9']);
    expect(commandDef({ type: 'addTask', body: { jobId: 'j1', taskId: 't2' } }).creates()).toEqual(['t2']);
    expect(commandDef(note).versionedJobId()).toBe('j1');
    expect(commandDef(note).expectedVersion()).toBe(4);
    expect(commandDef(note).withExpectedVersion(7).body).toMatchObject({ expectedVersion: 7, notes: 'n' });
    // Kinds the server does not version-check are left alone.
    expect(commandDef(delTask).versionedJobId()).toBeNull();
    expect(commandDef(delTask).withExpectedVersion(7)).toBe(delTask);
  });

  it('fills in what a definition leaves out', async () => {
    // deleteTask writes only its request, schema, jobs, references and apply.
    const del = commandDef(delTask);
    expect(del.creates()).toEqual([]);
    expect(del.subject()).toBeNull();
    expect(del.withMadeAt('2026-11-25T10:00:00.000Z')).toBe(delTask);
    await expect(del.settle({})).resolves.toBeUndefined();
    // The answer's jobs among the command's own replace the replica's; another job in it does not.
    const job = { jobId: 'j1', version: 5, jobTasks: [] };
    expect(del.answerJobs(job)).toEqual([job]);
    expect(del.answerJobs([{ ...job, jobId: 'j2' }])).toEqual([]);
    expect(del.answerJobs({ deletedJobIds: ['j1'] })).toEqual([]);
  });
});
