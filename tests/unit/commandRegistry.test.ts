/**
 * The command registry (src/data/commands): every kind has a full definition, and the generic
 * helpers read it. Type-level checks run with `npm run typecheck` (the @ts-expect-error lines fail
 * the compile when the registry stops refusing an incomplete definition).
 */
import { describe, expect, it } from 'vitest';
import {
  COMMANDS, COMMAND_TYPES, commandJobIds, commandLabelKey, commandRequest, createdIds, expectedVersion, referencedIds,
  versionedJobId, withExpectedVersion, type Command, type CommandRegistry,
} from '../../src/data/commands';
import nbSync from '../../src/i18n/nb/sync.json';

// @ts-expect-error a kind without its definition does not compile
const missing: CommandRegistry = { ...COMMANDS, deleteTask: undefined };
// @ts-expect-error a definition that leaves out a part (here its version rule) does not compile
const partial: CommandRegistry = { ...COMMANDS, addTask: { ...COMMANDS.addTask, version: undefined } };
void missing;
void partial;

const note: Command = { type: 'updateNote', body: { jobId: 'j1', notes: 'n', status: 1, severity: 2, expectedVersion: 4 } };
const delTask: Command = { type: 'deleteTask', body: { jobId: 'j1', taskId: 't9' } };

describe('command registry', () => {
  it('names every kind in the sync panel with a text that exists in nb', () => {
    const commandTexts = (nbSync as { Command: Record<string, string> }).Command;
    for (const type of COMMAND_TYPES) {
      const key = commandLabelKey({ type });
      expect(key).toMatch(/^Command\./);
      expect(commandTexts[key.slice('Command.'.length)], type).toBeTruthy();
    }
  });

  it('sends each kind to an /api path', async () => {
    expect(await commandRequest(note)).toEqual({ method: 'PUT', path: '/api/Jobs', json: note.body });
    expect(await commandRequest(delTask)).toMatchObject({ method: 'DELETE', path: '/api/Tasks' });
  });

  it('reads ids and versions through the definitions', () => {
    expect(commandJobIds(delTask)).toEqual(['j1']);
    expect(referencedIds(delTask)).toEqual(['j1', 't9']);
    expect(createdIds({ type: 'addTask', body: { jobId: 'j1', taskId: 't2' } })).toEqual(['t2']);
    expect(versionedJobId(note)).toBe('j1');
    expect(expectedVersion(note)).toBe(4);
    expect(withExpectedVersion(note, 7).body).toMatchObject({ expectedVersion: 7, notes: 'n' });
    // Kinds the server does not version-check are left alone.
    expect(versionedJobId(delTask)).toBeNull();
    expect(withExpectedVersion(delTask, 7)).toBe(delTask);
  });
});
