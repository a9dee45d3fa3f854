// @vitest-environment happy-dom
/**
 * The holiday year's twelve months (issue 12): one tab stop for the whole year instead of one per day
 * (351 before), the arrow keys and PageUp/PageDown moving the focus across months as the WAI-ARIA
 * date grid does; holidays and past days can be reached but not picked.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../src/i18n';
import { system } from '../../src/ui/system';
import { HolidayMonths, type MarkedDay } from '../../src/features/settings/holidays/MonthCalendar';

// The months' texts are an on-demand namespace: loaded first, so nothing suspends.
beforeAll(async () => { await i18nReady; await i18n.loadNamespaces('hours'); });
afterEach(cleanup);

const marks = new Map<string, MarkedDay>([['2027-05-17', { holidayTypeId: 2, reason: 'Grunnlovsdag' }]]);

function renderYear(picked = '', onPick = vi.fn()) {
  const view = render(
    <ChakraProvider value={system}>
      <HolidayMonths year={2027} marks={marks} today="2026-11-25" locale="nb-NO" picked={picked} onPick={onPick} />
    </ChakraProvider>,
  );
  const days = () => Array.from(view.container.querySelectorAll<HTMLButtonElement>('button[data-day]'));
  const stops = () => days().filter((b) => b.tabIndex === 0).map((b) => b.dataset.day);
  return { days, stops, onPick };
}

const focused = () => (document.activeElement as HTMLElement | null)?.dataset.day;

describe('holiday months', () => {
  it('are twelve date grids with one tab stop between them: the picked day, else the year\'s first', () => {
    const { days, stops } = renderYear();
    expect(screen.getAllByRole('grid')).toHaveLength(12);
    expect(days()).toHaveLength(365);
    expect(stops()).toEqual(['2027-01-01']);
    cleanup();
    expect(renderYear('2027-06-11').stops()).toEqual(['2027-06-11']);
  });

  it('move the focus and the tab stop with the arrow keys and PageUp/PageDown, across months, within the year', () => {
    const { days, stops } = renderYear('2027-01-31');
    const at = (day: string) => days().find((b) => b.dataset.day === day)!;
    at('2027-01-31').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(focused()).toBe('2027-02-01');
    expect(stops()).toEqual(['2027-02-01']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('2027-02-08');
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(focused()).toBe('2027-03-08');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('2027-03-08');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('2027-03-14');
    at('2027-01-01').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(focused()).toBe('2027-01-01');
    expect(stops()).toEqual(['2027-01-01']);
  });

  it('reach a holiday without picking it; a free day is picked', () => {
    const { days, onPick } = renderYear();
    const at = (day: string) => days().find((b) => b.dataset.day === day)!;
    expect(at('2027-05-17').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(at('2027-05-17'));
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(at('2027-06-11'));
    expect(onPick).toHaveBeenCalledWith('2027-06-11');
  });
});
