// @vitest-environment happy-dom
/**
 * Our time and date fields as a person types into them (issue 12): key by key, a half-typed value is
 * never handed on (the working-hours order rule refused "1" of "1600" before); the complete value is,
 * once; a refused or invalid one goes back to the saved value on leaving, with the error in nb. And
 * the snackbar's screen-reader texts are in the app's language, not Ark's English.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { i18nReady } from '../../src/i18n';
import { system } from '../../src/ui/system';
import { DateField, TimeField } from '../../src/ui/form';
import { snackbar, SnackbarHost } from '../../src/ui/snackbar';

const wrap = (ui: ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

/** Types like a keyboard: each keystroke is one input event with the text so far. */
function typeKeys(input: HTMLInputElement, text: string) {
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
}

beforeAll(async () => { await i18nReady; });
afterEach(cleanup);

describe('TimeField', () => {
  it('hands on "1600" once, as 16:00, and none of its partial values', () => {
    const onChange = vi.fn();
    wrap(<TimeField ariaLabel="Mandag Dagslutt" value="15:30" onChange={onChange} />);
    const input = screen.getByLabelText('Mandag Dagslutt') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('numeric');
    fireEvent.change(input, { target: { value: '' } });
    typeKeys(input, '1600');
    expect(onChange.mock.calls).toEqual([['16:00']]);
    expect(input.value).toBe('16:00');
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('a value the parent refuses goes back to the saved one on leaving', () => {
    const onChange = vi.fn();
    wrap(<TimeField ariaLabel="Lunsj fra" value="11:30" onChange={onChange} />);
    const input = screen.getByLabelText('Lunsj fra') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    typeKeys(input, '13:00');
    expect(onChange.mock.calls).toEqual([['13:00']]);
    expect(input.value).toBe('13:00');
    fireEvent.blur(input);
    expect(input.value).toBe('11:30');
  });

  it('an impossible complete time is an error in nb, and the saved value stays', () => {
    const onChange = vi.fn();
    wrap(<TimeField label="Fra" value="06:00" onChange={onChange} />);
    const input = screen.getByLabelText('Fra') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    typeKeys(input, '2500');
    expect(screen.getByRole('alert').textContent).toBe('«2500» er ikke et klokkeslett. Skriv tt:mm, for eksempel 07:30.');
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('06:00');
  });

  it('"16" is read as 16:00 when the field is left, and Enter commits too', () => {
    const onChange = vi.fn();
    wrap(<TimeField ariaLabel="t" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('t') as HTMLInputElement;
    typeKeys(input, '16');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange.mock.calls).toEqual([['16:00']]);
  });

  it('keys typed into a complete time with the caret at its start (selection lost) replace it', () => {
    // Found in the holiday form: after the half-day choice filled in the times, the click's
    // selection was gone, the caret sat at the start and the field's length refused every key.
    const onChange = vi.fn();
    wrap(<TimeField label="Fra" value="08:00" onChange={onChange} />);
    const input = screen.getByLabelText('Fra') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(0, 0);
    for (const key of '1200') {
      const refusedByLength = fireEvent.keyDown(input, { key });
      // A key the field did not take itself reaches the input as the browser would type it.
      if (refusedByLength) fireEvent.change(input, { target: { value: input.value.length >= 5 ? input.value : input.value + key } });
    }
    expect(input.value).toBe('12:00');
    expect(onChange.mock.calls).toEqual([['12:00']]);
    // What follows a complete time ("6:45 AM" as an English keyboard user types it) does not start a new one.
    for (const key of ' AM') expect(fireEvent.keyDown(input, { key })).toBe(true);
    expect(input.value).toBe('12:00');
  });
});

describe('DateField', () => {
  it('shows dd.mm.åååå and hands on a typed date once, as YYYY-MM-DD', () => {
    const onChange = vi.fn();
    wrap(<DateField label="Dato" value="2026-10-01" onChange={onChange} />);
    const input = screen.getByLabelText('Dato') as HTMLInputElement;
    expect(input.value).toBe('01.10.2026');
    expect(input.placeholder).toBe('dd.mm.åååå');
    fireEvent.change(input, { target: { value: '' } });
    typeKeys(input, '11062027');
    expect(onChange.mock.calls).toEqual([['2027-06-11']]);
  });
});

describe('snackbar', () => {
  it('labels its region and close button in nb', async () => {
    wrap(<SnackbarHost />);
    await act(async () => {
      snackbar.success('Lagret');
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByRole('region').getAttribute('aria-label')).toBe('Varsler (Alt+T)');
    expect(screen.getByRole('button', { name: 'Lukk varselet' })).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('Dismiss notification');
    expect(document.body.innerHTML).not.toContain('bottom-start (alt+T)');
  });
});
