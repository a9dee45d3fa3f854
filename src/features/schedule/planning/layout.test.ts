/**
 * The planning board's layouts (issue "Plans that hold" §5): the panes side by side only where both
 * keep their least widths, the map above the table below that, all in one column where even the table
 * has no room beside the selection panel; the filter panel opens at first only where it leaves the
 * panes side by side. And the week counts in proper plural forms in nb and en.
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  boardMode, FILTER_COLLAPSED_PX, FILTER_PX, filterFitsBeside, GAP_PX, LAYOUT_CHOICES, LIST_MIN_PX, MAP_MIN_PX, panesWidth, sectionFlex, selectionWidth,
} from './useLayoutChoice';

/** The board's row at a window width: less the shell's menu (15rem and its border, from 1000 px) and the board's padding. */
const rowAt = (viewport: number) => viewport - (viewport >= 1000 ? 241 : 0) - 24;

describe('board layout', () => {
  it('a fixed 600 px pane gives way to the other pane; the shares keep their ratio', () => {
    expect(sectionFlex('tableFixed')).toEqual({ table: '0 1 600px', map: '1 1 0px' });
    expect(sectionFlex('mapFixed')).toEqual({ table: '1 1 0px', map: '0 1 600px' });
    expect(sectionFlex('default')).toEqual({ table: '3 1 0px', map: '2 1 0px' });
    expect(sectionFlex('half')).toEqual({ table: '1 1 0px', map: '1 1 0px' });
    expect(LAYOUT_CHOICES[0]).toBe('default');
  });

  it('at 1440 px the panes stand side by side with the filter collapsed, each at least its least width', () => {
    const row = rowAt(1440);
    expect(filterFitsBeside(row, 1440)).toBe(false);
    expect(boardMode(row, false, 1440)).toBe('side');
    const panes = panesWidth(row, false, 1440);
    // The default's 40 % map and a 600 px table both leave the map its least width.
    expect((panes - GAP_PX) * 0.4).toBeGreaterThanOrEqual(MAP_MIN_PX);
    expect(panes - GAP_PX - 600).toBeLessThan(MAP_MIN_PX);
    expect(panes - GAP_PX - MAP_MIN_PX).toBeGreaterThanOrEqual(LIST_MIN_PX);
    expect((panes - GAP_PX) * 0.6).toBeGreaterThanOrEqual(LIST_MIN_PX);
    // The filter opened: the map goes above the table.
    expect(boardMode(row, true, 1440)).toBe('stacked');
  });

  it('at 1600 px the filter panel opens beside the panes side by side', () => {
    expect(filterFitsBeside(rowAt(1600), 1600)).toBe(true);
    expect(selectionWidth(1600)).toBe(320);
  });

  it('at 760 px everything stands in one column, filter open or not', () => {
    expect(boardMode(rowAt(760), false, 760)).toBe('column');
    expect(boardMode(rowAt(760), true, 760)).toBe('column');
  });

  it('the modes follow the widths', () => {
    const side = LIST_MIN_PX + GAP_PX + MAP_MIN_PX + FILTER_COLLAPSED_PX + 300 + 2 * GAP_PX;
    expect(boardMode(side, false, 1200)).toBe('side');
    expect(boardMode(side - 1, false, 1200)).toBe('stacked');
    expect(boardMode(side + FILTER_PX - FILTER_COLLAPSED_PX, true, 1200)).toBe('side');
    const stacked = LIST_MIN_PX + FILTER_COLLAPSED_PX + 300 + 2 * GAP_PX;
    expect(boardMode(stacked, false, 1200)).toBe('stacked');
    expect(boardMode(stacked - 1, false, 1200)).toBe('column');
  });
});

describe('weeks in plural forms', () => {
  const load = (lang: string) => JSON.parse(fs.readFileSync(path.resolve('src/i18n', lang, 'planning.json'), 'utf8')) as object;
  for (const [lang, one, two] of [['nb', 'over 1 uke', 'over 2 uker'], ['en', 'over 1 week', 'over 2 weeks']] as const) {
    it(`${lang}: ${one}, ${two}`, async () => {
      const i18n = i18next.createInstance();
      await i18n.init({ showSupportNotice: false, lng: lang, resources: { [lang]: { planning: load(lang) } }, ns: ['planning'], defaultNS: 'planning' });
      expect(i18n.t('Batch.OverWeeks', { count: 1 })).toBe(one);
      expect(i18n.t('Batch.OverWeeks', { count: 2 })).toBe(two);
      expect(i18n.t('Summary.Weeks', { count: 2 })).not.toMatch(/\(/);
      // No "uke(r)" or "week(s)" anywhere in the page's texts.
      expect(JSON.stringify(load(lang))).not.toMatch(/uke\(r\)|week\(s\)/);
    });
  }
});
