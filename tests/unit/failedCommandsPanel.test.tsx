// @vitest-environment happy-dom
/**
 * The refused-changes panel (src/features/sync/FailedCommandsPanel.tsx) on a refusal stored in the
 * device's outbox: the server's reason, and the field a 400 named beside it.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/data/commands';
import { db } from '../../src/data/db';
import { setSession, type Session } from '../../src/data/identity';
import { FailedCommandsPanel } from '../../src/features/sync/FailedCommandsPanel';
import { i18nReady } from '../../src/i18n';
import { system } from '../../src/ui/system';

const plumber: Session = {
  userId: 'user-ola', registrationId: 7, roleId: 1, isAdmin: false, companyId: 'c1', customerId: 'cust-1', customerNumber: '3201',
  customerName: 'Vann KF', name: 'Ola', email: 'ola@example.no', gdprConsent: true, hasAgreement: true, userType: 'plumber',
};

beforeAll(async () => { await i18nReady; await i18n.loadNamespaces(['sync']); });
afterEach(async () => {
  cleanup();
  await db.outbox.clear();
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
