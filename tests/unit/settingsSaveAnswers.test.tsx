// @vitest-environment happy-dom
/**
 * After a save whose answer is what it saved, the settings screens show that answer instead of reading
 * it again (issue 14 §4): the holiday year (PUT answers the year as saved) and an SMS template (PUT and
 * POST answer the template). The server is a recorded fetch: what is counted is the requests.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { configureTransport } from '../../src/data/transport';
import { osloDay } from '../../src/domain/time/oslo';
import type { Holiday } from '../../src/domain/schemas/holidays';
import type { NotificationTemplate } from '../../src/domain/schemas/templates';
import { HolidaysSection } from '../../src/features/settings/holidays/HolidaysSection';
import { withSavedTemplate } from '../../src/features/settings/templates/api/fetchTemplates';
import { SmsTemplatesSection } from '../../src/features/settings/templates/SmsTemplatesSection';
import { i18nReady } from '../../src/i18n';
import { system } from '../../src/ui/system';

const COMPANY = '6f1c2a0e-1d2b-4c3d-8e4f-5a6b7c8d9e0f';
const admin: Session = {
  userId: 'user-admin', registrationId: 1, roleId: 2, isAdmin: true, companyId: COMPANY, customerId: 'cust-1', customerNumber: '3201',
  customerName: 'Vann KF', name: 'Admin', email: 'admin@example.no', gdprConsent: true, hasAgreement: true, userType: 'admin',
};

type Route = (method: string, path: string, body: unknown) => unknown;
let requests: string[];
let route: Route;
const realFetch = globalThis.fetch;

beforeAll(async () => { await i18nReady; await i18n.loadNamespaces(['hours', 'companySettings']); });
beforeEach(() => {
  requests = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const answer = route(method, url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined);
    return answer === undefined
      ? Response.json({ message: 'not found' }, { status: 404 })
      : Response.json(answer);
  }) as typeof fetch;
  configureTransport({ baseUrl: 'http://api.test' });
  setSession({ ...admin, userId: `user-${Math.random()}` });
  setAccessTokenProvider(async () => 'token');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const noop = () => undefined;
/** The twelve month grids (365 buttons) render slowly in happy-dom on a busy machine. */
const SLOW = { timeout: 20_000 };
const gets = (path: string) => requests.filter((r) => r === `GET ${path}`).length;

describe('holidays', () => {
  it('a saved year shows the server\'s answer, with no second read of the year', async () => {
    const next = Number(osloDay(new Date()).slice(0, 4)) + 1;
    const date = `${next}-06-11`;
    const yearPath = `/api/CompanyHolidayConfiguration/year/${next}`;
    const saved: Holiday = { id: 41, groupId: COMPANY, date, year: next, weekNo: 24, holidayTypeId: 2, startTime: '06:00', endTime: '18:00', reason: null };
    route = (method, path) => (path === yearPath && method === 'PUT' ? [saved] : []);
    render(<ChakraProvider value={system}><HolidaysSection onDirtyChange={noop} /></ChakraProvider>);
    fireEvent.change(await screen.findByLabelText('År'), { target: { value: String(next) } });
    await screen.findByText('Ingen helligdager eller fridager dette året', {}, SLOW);
    fireEvent.click(document.querySelector<HTMLButtonElement>(`button[data-day="${date}"]`)!);
    fireEvent.click(screen.getByRole('button', { name: 'Legg til' }));
    await waitFor(() => expect(document.querySelector(`[data-testid="holiday-row"][data-date="${date}"]`)?.textContent).toContain('Ikke lagret'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Lagre kalender' }));

    await waitFor(() => expect(document.querySelector(`[data-testid="holiday-row"][data-date="${date}"]`)?.textContent).not.toContain('Ikke lagret'), SLOW);
    expect(requests.filter((r) => r.endsWith(`/year/${next}`))).toEqual([`GET ${yearPath}`, `PUT ${yearPath}`]);
  }, 90_000);
});

const template = (over: Partial<NotificationTemplate>): NotificationTemplate => ({
  id: 1, key: 'Notice', title: 'Varsel', name: 'Varsel', text: 'Hei fra #CompanyName#', notificationTypeId: 1, parentTemplateId: null,
  isSampleTemplate: true, isExample: false, mergeFields: [], companyName: 'Sandvika Rør AS', companyTelephone: '67000000', ...over,
});

describe('SMS templates', () => {
  const sample = template({ id: 1, key: 'Notice', isExample: false });
  const custom = template({ id: 10, key: 'Notice-own', name: 'Varsel (egen)', isSampleTemplate: false, isExample: true, parentTemplateId: 1 });

  beforeEach(() => {
    route = (method, path, body) => {
      if (path === '/api/NotificationTemplate' && method === 'GET') return [custom, sample];
      if (path === '/api/NotificationTemplate' && method === 'POST') {
        const b = body as { key: string; name: string; title: string; templateText: string };
        return template({ id: 11, key: b.key, name: b.name, title: b.title, text: b.templateText, isSampleTemplate: false, parentTemplateId: 1 });
      }
      if (path === '/api/NotificationTemplate/10' && method === 'PUT') return { ...custom, text: (body as { templateText: string }).templateText };
      if (path.startsWith('/api/MergeField/notificationType/')) return [{ id: 1, name: 'CompanyName', token: '#CompanyName#' }];
      if (path === '/api/MergeField/meterAddressRange') return { addressCount: 0, shortest: null, longest: null, longestNonGsm: null };
      return undefined;
    };
  });

  it('a saved text and a template made from a sample show the server\'s answer, with no second read of the list', async () => {
    render(<ChakraProvider value={system}><SmsTemplatesSection onDirtyChange={noop} /></ChakraProvider>);
    const text = await screen.findByTestId('template-text');
    expect((text as HTMLTextAreaElement).value).toBe(custom.text);
    fireEvent.change(text, { target: { value: 'Hei igjen fra #CompanyName#' } });
    fireEvent.click(within(screen.getByTestId('template-editor')).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(requests).toContain('PUT /api/NotificationTemplate/10'));
    await waitFor(() => expect(within(screen.getByTestId('template-editor')).getByRole('button', { name: 'Lagre' })).toHaveProperty('disabled', true));
    expect((screen.getByTestId('template-text') as HTMLTextAreaElement).value).toBe('Hei igjen fra #CompanyName#');

    fireEvent.click(screen.getByTestId('template-Notice'));
    fireEvent.click(await screen.findByRole('button', { name: 'Lag egen mal fra denne' }));
    await waitFor(() => expect(requests).toContain('POST /api/NotificationTemplate'));
    // The new template is in the list and selected, from the POST's answer alone.
    await waitFor(() => {
      const made = [...document.querySelectorAll<HTMLElement>('[data-testid^="template-Notice-"]')].filter((b) => b.dataset.testid !== 'template-Notice-own');
      expect(made.map((b) => b.getAttribute('aria-current'))).toEqual(['true']);
    });

    expect(gets('/api/NotificationTemplate')).toBe(1);
  });
});

describe('withSavedTemplate', () => {
  it('puts the answer where the server\'s list has it: custom before sample, by type, by id', () => {
    const list = [template({ id: 10, isSampleTemplate: false }), template({ id: 1 }), template({ id: 2, notificationTypeId: 2 })];
    const made = template({ id: 11, isSampleTemplate: false });
    expect(withSavedTemplate(list, made).map((x) => x.id)).toEqual([10, 11, 1, 2]);
    expect(withSavedTemplate(list, { ...list[0], text: 'ny' }).map((x) => [x.id, x.text])).toEqual([[10, 'ny'], [1, list[1].text], [2, list[2].text]]);
  });
});
