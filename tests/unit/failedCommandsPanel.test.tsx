// @vitest-environment happy-dom
/**
 * The refused-changes panel (src/features/sync/FailedCommandsPanel.tsx) on a refusal stored in the
 * device's outbox: the server's reason, and the field a 400 named beside it; every kind of change
 * and every reason in the user's language, never a raw key ('Command.uploadPhoto',
 * 'ServerError.NoAccess': the texts live in the on-demand namespace syncDetails).
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMAND_TYPES, type CommandType, type OutboxEntry } from '../../src/data/commands';
import { db } from '../../src/data/db';
import { setSession, type Session } from '../../src/data/identity';
import { FailedCommandsPanel } from '../../src/features/sync/FailedCommandsPanel';
import { i18nReady, setLanguage, type Language } from '../../src/i18n';
import { SERVER_ERROR_NAMES, serverErrorKey, type ServerRefusal } from '../../src/domain/serverErrors';
import { system } from '../../src/ui/system';

const plumber: Session = {
  userId: 'user-ola', registrationId: 7, roleId: 1, isAdmin: false, companyId: 'c1', customerId: 'cust-1', customerNumber: '3201',
  customerName: 'Vann KF', name: 'Ola', email: 'ola@example.no', gdprConsent: true, hasAgreement: true, userType: 'plumber',
};

beforeAll(async () => { await i18nReady; await i18n.loadNamespaces(['sync']); });
afterEach(async () => {
  cleanup();
  await db.outbox.clear();
  await db.photos.clear();
  await setLanguage('nb');
});

function refusedNote(error: OutboxEntry['error']): OutboxEntry {
  return {
    type: 'updateNote', body: { jobId: 'job-1', notes: 'x', status: 1, severity: 2 }, key: 'k1', status: 'failed', userId: plumber.userId,
    actor: { userId: plumber.userId, isAdmin: false, registrationId: 7, companyId: 'c1' }, jobId: 'job-1', jobIds: ['job-1'],
    createdAt: '2026-11-25T10:00:00.000Z', attempts: 1, subject: '#12 · Strandgaten 12', error,
  };
}

const renderPanel = () => render(<ChakraProvider value={system}><MemoryRouter><FailedCommandsPanel /></MemoryRouter></ChakraProvider>);

describe('the refused-changes panel', () => {
  it('shows the field a 400 named beside the reason', async () => {
    setSession(plumber);
    await db.outbox.add(refusedNote({ status: 400, message: 'body/notes must NOT have more than 4000 characters', field: 'body/notes' }));
    renderPanel();
    const shown = (await screen.findByTestId('failed-field')).textContent;
    expect(shown).toBe(i18n.t('sync:RefusedField', { field: 'notes' }));
    expect(shown).toMatch(/^(Avvist felt|Refused field): notes$/);
    expect(screen.getByTestId('failed-reason')).toBeTruthy();
  });

  it('names no field when the refusal named none', async () => {
    setSession(plumber);
    await db.outbox.add(refusedNote({ status: 403, message: 'no access' }));
    renderPanel();
    await screen.findByTestId('failed-reason');
    expect(screen.queryByTestId('failed-field')).toBeNull();
  });
});

/** A body every kind's definition can read (ids, lists), enough for the panel's labels and waits. */
const anyBody = { jobId: 'job-x', taskId: 'task-x', assetId: 'asset-x', taskRequest: { taskId: 'task-x' }, taskEditRequests: [], jobsList: ['job-x'], jobList: [{ jobId: 'job-x' }], jobTasks: [] };

/** One refusal for each reason the panel can name (serverErrorKey's names). */
const REFUSALS: ServerRefusal[] = [
  ...['NewWaterMeterSerialNumberIsInUse', 'ErrorDismantleDate', 'InvalidSerialNumber', 'MediaQuotaExceeded', 'CaptureDateInFuture'].map((errorKey) => ({ status: 400, message: 'x', errorKey })),
  { status: 400, message: 'Scheduled date is greater than due date' },
  { status: 400, message: 'must not be later than the end of the year ten years ahead' },
  { status: 409, message: 'The job is completed' },
  { status: 409, message: 'The task is finished and can no longer be changed' },
  { status: 400, message: 'The due date can only be set by an admin' },
  { status: 400, message: 'The plumber can only be changed while the job is not started' },
  { status: 409, message: 'The job has changed on the server' },
  { status: 409, message: 'The job already exists' },
  { status: 400, message: 'CannotDeleteTask' },
  { status: 403, message: 'no' }, { status: 404, message: 'no' }, { status: 422, message: 'no' }, { status: 429, message: 'no' }, { status: 500, message: 'no' },
  { status: 400, message: 'body/whatever must be something' },
];

const RAW_KEY = /\b(Command|ServerError|Field)\.[A-Za-z]+/;

describe('every kind of change and every reason, translated', () => {
  it('the refusals above name every reason serverErrorKey can give', () => {
    expect(new Set(REFUSALS.map((r) => serverErrorKey(r).replace('ServerError.', '')))).toEqual(new Set(SERVER_ERROR_NAMES));
  });

  for (const lang of ['nb', 'en'] as Language[]) {
    it(`${lang}: the resources hold a text for every kind and every reason, as the panel's t resolves them`, async () => {
      await setLanguage(lang);
      await i18n.loadNamespaces(['sync', 'syncDetails']);
      const t = i18n.getFixedT(lang, ['sync', 'syncDetails']);
      for (const type of COMMAND_TYPES) {
        const text = t(`syncDetails:Command.${type}`);
        expect.soft(text, type).not.toMatch(RAW_KEY);
        expect.soft(text, type).toBe(i18n.getResource(lang, 'syncDetails', `Command.${type}`));
      }
      for (const name of SERVER_ERROR_NAMES) {
        const text = t(`syncDetails:ServerError.${name}`);
        expect.soft(text, name).not.toMatch(RAW_KEY);
        expect.soft(text, name).toBe(i18n.getResource(lang, 'syncDetails', `ServerError.${name}`));
      }
    });

    it(`${lang}: the panel names every refused kind and its reason in the language, never a raw key`, async () => {
      await setLanguage(lang);
      setSession(plumber);
      // Each refusal of its own job, so none waits behind another.
      const entries = COMMAND_TYPES.map((type: CommandType, i): OutboxEntry => {
        const jobId = `job-${i}`;
        return {
          ...refusedNote(REFUSALS[i % REFUSALS.length]), type, body: { ...anyBody, jobId, jobsList: [jobId], jobList: [{ jobId }] } as never, key: `k${i}`, jobId, jobIds: [jobId],
        } as OutboxEntry;
      });
      await db.outbox.bulkAdd(entries);
      renderPanel();
      const shown = await screen.findAllByTestId('failed-command');
      expect(shown).toHaveLength(COMMAND_TYPES.length);
      const panel = screen.getByTestId('failed-commands').textContent ?? '';
      expect(panel).not.toMatch(RAW_KEY);
      COMMAND_TYPES.forEach((type, i) => {
        const refusal = REFUSALS[i % REFUSALS.length];
        expect.soft(shown[i].textContent, type).toContain(i18n.getResource(lang, 'syncDetails', `Command.${type}`));
        expect.soft(shown[i].textContent, type).toContain(i18n.getResource(lang, 'syncDetails', serverErrorKey(refusal)));
      });
    });
  }
});

describe('what the plumber recorded in a refused change', () => {
  it('is shown in the panel from the change itself, with its photo, in nb and en; no screen of a job the device no longer holds is opened', async () => {
    setSession(plumber);
    // fake-indexeddb gives a stored Blob back as a plain object: the picture's URL is stood in for.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:thumb');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const thumb = new Blob(['thumb'], { type: 'image/jpeg' });
    await db.photos.put({
      assetId: 'asset-1', jobId: 'job-1', taskId: 'task-1', matrikkelenhetsId: 5, imageType: 'deviation', meterKind: 'deviation', meterNumber: null,
      fileName: 'lekkasje.jpg', blob: thumb, thumb, sha256: 'x', metadata: {} as never, createdAt: '2026-11-25T10:00:00.000Z', state: 'local',
    });
    await db.outbox.add({
      ...refusedNote({ status: 403, message: 'no access' }),
      type: 'sendTaskReport',
      body: {
        taskId: 'task-1', jobId: 'job-1', isDraft: false,
        jobTasks: [{
          taskId: 'task-1', notes: 'Kunden var ikke hjemme',
          dismantleObj: { lastMeterReading: 1234, dismantledDate: '2026-11-25T09:00:00.000Z', comment: 'Rusten' },
          additionalDetailsRequest: { obstacle: true, note: 'Stengt kjeller', deviationList: [{ id: 7, value: 'Ingen hjemme', deviationType: 1 }], deviationImages: [{ assetId: 'asset-1', text: 'lekkasje.jpg', url: '' }] },
        }],
      },
    } as OutboxEntry);
    renderPanel();
    const toggle = await screen.findByTestId('failed-recorded-toggle');
    expect(toggle.textContent).toBe('Vis det du registrerte');
    expect(screen.queryByTestId('failed-open')).toBeNull();
    fireEvent.click(toggle);
    const recorded = await screen.findByTestId('failed-recorded');
    for (const text of ['Kunden var ikke hjemme', '1234', 'Rusten', 'Stengt kjeller', 'Ingen hjemme', 'Ikke utført', 'Gammel måler', 'Bilder']) {
      expect.soft(recorded.textContent, text).toContain(text);
    }
    expect(recorded.textContent).not.toMatch(RAW_KEY);
    expect((await within(recorded).findByTestId('recorded-photo')).getAttribute('alt')).toBe('lekkasje.jpg');
    expect(screen.getByTestId('failed-recorded-toggle').textContent).toBe('Skjul det du registrerte');

    await setLanguage('en');
    await vi.waitFor(() => expect(screen.getByTestId('failed-recorded').textContent).toContain('Not carried out'));
    expect(screen.getByTestId('failed-recorded').textContent).toContain('Old meter');
    expect(screen.getByTestId('failed-recorded-toggle').textContent).toBe('Hide what you recorded');
    fireEvent.click(screen.getByTestId('failed-recorded-toggle'));
    expect(screen.queryByTestId('failed-recorded')).toBeNull();
    vi.restoreAllMocks();
  });

  it('a refused note shows the note; a photo no longer on the device is named as such', async () => {
    setSession(plumber);
    await db.outbox.bulkAdd([
      refusedNote({ status: 400, message: 'x' }),
      { ...refusedNote({ status: 413, message: 'full', errorKey: 'MediaQuotaExceeded' }), key: 'k2', type: 'uploadPhoto', body: { assetId: 'asset-gone', jobId: 'job-1', taskId: 'task-1' } as never },
    ]);
    renderPanel();
    const toggles = await screen.findAllByTestId('failed-recorded-toggle');
    toggles.forEach((b) => fireEvent.click(b));
    const shown = await screen.findAllByTestId('failed-recorded');
    expect(shown[0].textContent).toContain('Notat');
    expect(shown[0].textContent).toContain('x');
    await within(shown[1]).findByTestId('recorded-photo-gone');
  });
});
