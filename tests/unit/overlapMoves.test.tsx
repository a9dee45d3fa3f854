// @vitest-environment happy-dom
/**
 * The availability modal's overlap step (src/features/schedule/calendar/OverlapMoves.tsx, issue 26 §3):
 * every item the change left on absent time is named; a Notified one says it cannot be re-timed and is
 * never sent; "Move to the first free time" sends the others one after the other as the calendar's
 * drop, each to the first free slot of the week read again (firstFree.ts), and says per item where it
 * went or the server's refusal; a refused item is not counted as moved. The API is a stand-in here
 * (the server's own judgement is in the e2e, calendar-drop step 4).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, Dialog } from '@chakra-ui/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/data/transport';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import type { WeekFacts } from '../../src/domain/scheduling/freeWeek';
import type { OverlappedItem } from '../../src/domain/schemas/availability';
import type { Schedule, ScheduleItem, SingleItemRequest } from '../../src/domain/schemas/scheduling';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { i18nReady, setLanguage } from '../../src/i18n';
import { system } from '../../src/ui/system';

const dates = isoWeekDates(2027, 9);
const TUE = dates[1];
const h = (hh: number, mm = 0) => hh * 60 + mm;
const DEMO = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const OFF = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
// Tuesday absent 08:00–12:00 over 9 (08:30–09:00), 7 (10:00–10:45, both Scheduled) and 8 (11:00–11:30, Notified).
const laid = [
  { id: 9, date: TUE, from: h(8, 30), to: h(9), status: ScheduleItemStatus.Scheduled },
  { id: 7, date: TUE, from: h(10), to: h(10, 45), status: ScheduleItemStatus.Scheduled },
  { id: 8, date: TUE, from: h(11), to: h(11, 30), status: ScheduleItemStatus.Notified },
];
const facts: WeekFacts = {
  year: 2027, weekNo: 9, dates, days: dates.map((date, i) => ({ date, hours: i < 5 ? DEMO : OFF })), holidays: [],
  availability: [{ date: TUE, availabilityType: 3, startTime: '08:00', endTime: '12:00' }], unavailable: [], laid, intervalMinutes: 0, hasHours: true,
};
const iso = (minute: number) => osloInstant(TUE, minute).toISOString();
const scheduleItem = (x: (typeof laid)[number]): ScheduleItem => ({
  id: x.id, scheduleId: 40, status: x.status, notes: null, address: `Slippveien ${x.id}`, objectType: 1, objectId: null, parentObjectId: 100 + x.id,
  agreementNo: null, scheduledDate: TUE, scheduleStartDateTime: iso(x.from), scheduleEndDateTime: iso(x.to), startTime: null, endTime: null,
  duration: x.to - x.from, latitude: null, longitude: null, referenceNumber: null, contactInformation: null, matrikkelenhetId: null,
  sequenceNumber: x.id, isScheduled: true, cancellationTypeId: null, batchJobId: null,
});
const schedule = { id: 40, weekNo: 9, year: 2027, assigneeId: 3, scheduleItems: laid.map(scheduleItem) } as unknown as Schedule;
const overlapped: OverlappedItem[] = laid.map((x) => ({
  id: x.id, scheduleId: 40, status: x.status, address: `Slippveien ${x.id}`, scheduledDate: TUE,
  startTime: `${String(Math.floor(x.from / 60)).padStart(2, '0')}:${String(x.from % 60).padStart(2, '0')}`,
  endTime: `${String(Math.floor(x.to / 60)).padStart(2, '0')}:${String(x.to % 60).padStart(2, '0')}`,
  scheduleStartDateTime: iso(x.from), scheduleEndDateTime: iso(x.to),
}));

const sent: SingleItemRequest[] = [];
vi.mock('../../src/features/schedule/api/openWeekSchedule', () => ({ fetchSchedule: vi.fn(async () => schedule) }));
vi.mock('../../src/features/schedule/api/fetchPlanningWeek', () => ({ fetchPlanningWeek: vi.fn(async () => facts) }));
vi.mock('../../src/features/schedule/api/dropScheduleItem', async (original) => ({
  ...(await original<typeof import('../../src/features/schedule/api/dropScheduleItem')>()),
  dropScheduleItem: vi.fn(async (body: SingleItemRequest) => {
    sent.push(body);
    // The server refuses 9 (another admin took the time meanwhile); 7 is laid.
    if (body.scheduleItems[0].id === 9) throw new ApiError('409', 409, { errorKey: 'Scheduling.NotEnoughSlotSpace' });
    return scheduleItem(laid[1]);
  }),
}));
const { OverlapMoves } = await import('../../src/features/schedule/calendar/OverlapMoves');

beforeAll(async () => {
  await i18nReady;
  await setLanguage('nb');
  await i18n.loadNamespaces(['planning', 'hours']);
});
afterEach(() => { cleanup(); sent.length = 0; });

const show = (onClose = vi.fn(), onSaved = vi.fn()) => {
  render(
    <ChakraProvider value={system}>
      <Dialog.Root open>
        <Dialog.Positioner>
          <Dialog.Content>
            <OverlapMoves plumberId={3} items={overlapped} onClose={onClose} onSaved={onSaved} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </ChakraProvider>,
  );
  return { onClose, onSaved };
};
const row = (id: number) => screen.getAllByTestId('availability-overlap-item').find((x) => x.dataset.itemId === String(id))!;

describe('the overlap step', () => {
  it('names every item with its day and time; a Notified one cannot be re-timed: cancel instead', () => {
    show();
    expect(screen.getByText('Disse 3 oppdragene ligger nå utenfor rørleggerens tid. Flytt eller kanseller dem:')).toBeTruthy();
    expect(row(7).textContent).toContain('Slippveien 7');
    expect(row(7).textContent).toContain('Tirsdag 02.03.2027 kl. 10:00–10:45');
    expect(row(8).textContent).toContain('Varslet: tiden kan ikke endres. Kanseller oppdraget i stedet.');
    expect(row(7).textContent).not.toContain('kan ikke endres');
  });

  it('moves the movable ones one after the other to the first free time, and says where each went or why not', async () => {
    const { onSaved, onClose } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Flytt til første ledige tid' }));
    await waitFor(() => expect(within(row(7)).getByTestId('availability-overlap-outcome').textContent).toBe('Ny tid: Tirsdag 02.03.2027 kl. 12:00'));
    // By start: 9 first, to 12:00 (08:30 … 11:30 absent); refused by the server, so 7 is judged on a week
    // without it at 12:00, and takes 12:00 itself. The Notified 8 is never sent.
    expect(sent.map((b) => [b.scheduleItems[0].id, b.selectedItemStartDateTime, b.scheduleItems[0].duration])).toEqual([[9, iso(h(12)), 30], [7, iso(h(12)), 45]]);
    expect(sent[1]).toMatchObject({ scheduleId: 40, weekNo: 9, year: 2027, assigneeId: 3, scheduleItems: [{ waterMeterPointId: 107, assignmentType: 1 }] });
    expect(within(row(9)).getByTestId('availability-overlap-outcome').textContent)
      .toBe('Ikke flyttet: Tiden er tatt av et annet oppdrag hos rørleggeren. Uken er oppdatert – prøv igjen.');
    expect(within(row(8)).queryByTestId('availability-overlap-outcome')).toBeNull();
    expect(onSaved).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Lukk' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('"Leave as is" closes and sends nothing', () => {
    const { onClose, onSaved } = show();
    fireEvent.click(screen.getByRole('button', { name: 'La dem ligge' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
