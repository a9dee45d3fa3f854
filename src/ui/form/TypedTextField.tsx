/**
 * The text field under DateField and TimeField: a plain text input (inputMode numeric) that shows and
 * takes the spec's format whatever the browser's language, with the format as placeholder and hint.
 *
 * It commits a value when the text is complete (as typed), on Enter and on leaving the field; a
 * half-typed text is never checked, so no keystroke's partial value is refused. A
 * complete text that is no date/time, or one the parent does not take (the parent keeps its value),
 * goes back to the saved value when the field is left, and the error says what was typed. Focusing
 * selects the text, so typing replaces it (and a key typed into a complete value with no selection starts
 * a new one); Escape goes back; ArrowUp/ArrowDown step the value.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Field, HStack, Input } from '@chakra-ui/react';
import type { TextProblem, TextRead } from '../../domain/calendar/dateTimeText';

export interface TypedTextFieldProps {
  value: string | null;
  /** A complete value, or null when the text was emptied. */
  onChange: (value: string | null) => void;
  /** A visible label; without it give `ariaLabel`. */
  label?: string;
  ariaLabel?: string;
  /** The parent's error (a rule the value breaks), shown under the field. */
  error?: string | null;
  /** Marked invalid without a text of its own (the parent shows the error elsewhere). */
  invalid?: boolean;
  disabled?: boolean;
  required?: boolean;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  width?: string;
  testId?: string;
  /** false: the format hint is read by screen readers only (a grid of fields with the hint in its header). */
  showHint?: boolean;
  /** Beside the input (a picker button). */
  addon?: ReactNode;
}

interface TypedTextFieldSetup {
  clean: (raw: string) => string;
  read: (text: string, final: boolean) => TextRead<string>;
  format: (value: string | null) => string;
  /** The value after an arrow key (+1 up, -1 down), or null to leave it. */
  step: (value: string | null, direction: 1 | -1) => string | null;
  placeholder: string;
  hint: string;
  maxLength: number;
  problemText: (problem: TextProblem, text: string) => string;
}

export function TypedTextField(props: TypedTextFieldProps & TypedTextFieldSetup) {
  const {
    value, onChange, label, ariaLabel, error, invalid, disabled, required, size = 'sm', width, testId, showHint = true, addon,
    clean, read, format, step, placeholder, hint, maxLength, problemText,
  } = props;
  const [text, setText] = useState(format(value));
  const [problem, setProblem] = useState<string | null>(null);
  // The value last handed to the parent: a complete text is committed once, not again on blur.
  const offered = useRef<string | null | undefined>(undefined);
  const justFocused = useRef(false);

  useEffect(() => {
    setText(format(value));
    offered.current = undefined;
  }, [value, format]);

  const offer = (next: string | null) => {
    if (next === value || next === offered.current) return;
    offered.current = next;
    onChange(next);
  };

  /** Enter or leaving the field: the text is read as final, and what is shown is the saved value again. */
  const settle = () => {
    const r = read(text, true);
    if (r.kind === 'invalid') setProblem(problemText(r.problem, text));
    else if (r.kind === 'value') offer(r.value);
    else if (r.kind === 'empty') offer(null);
    // A value the parent takes comes back through `value` and the effect above shows it.
    setText(format(value));
  };

  const type = (raw: string) => {
    const next = clean(raw);
    setProblem(null);
    const r = read(next, false);
    if (r.kind === 'value') {
      setText(format(r.value));
      offer(r.value);
      return;
    }
    setText(next);
    if (r.kind === 'invalid') setProblem(problemText(r.problem, next));
  };

  const shown = problem ?? error ?? null;
  return (
    <Field.Root invalid={!!shown || invalid} disabled={disabled} required={required} width={width}>
      {label && <Field.Label>{label}</Field.Label>}
      <HStack gap="1" width="100%">
        <Input
          data-testid={testId}
          size={size}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={label ? undefined : ariaLabel}
          value={text}
          onChange={(e) => type(e.currentTarget.value)}
          onFocus={(e) => {
            // Typing replaces the whole value; the click's own mouseup would undo the selection.
            e.currentTarget.select();
            justFocused.current = true;
          }}
          onMouseUp={(e) => {
            if (justFocused.current) e.preventDefault();
            justFocused.current = false;
          }}
          onBlur={settle}
          onKeyDown={(e) => {
            justFocused.current = false;
            const el = e.currentTarget;
            if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey && el.selectionStart === el.selectionEnd && el.value.length >= maxLength) {
              // A key typed into a complete value starts a new one. The field's length would refuse
              // it, and the value would stay, when the selection made on focus was lost (the value
              // set again under the caret as a form fills in its defaults, a focus by script). A digit
              // only: what follows a complete value (" AM" after 6:45) is refused by the length as before.
              e.preventDefault();
              type(e.key);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              settle();
            } else if (e.key === 'Escape' && (text !== format(value) || problem)) {
              e.preventDefault();
              e.stopPropagation();
              setText(format(value));
              setProblem(null);
            } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              const r = read(text, true);
              const next = step(r.kind === 'value' ? r.value : value, e.key === 'ArrowUp' ? 1 : -1);
              if (next === null) return;
              e.preventDefault();
              setProblem(null);
              setText(format(next));
              offer(next);
            }
          }}
        />
        {addon}
      </HStack>
      <Field.HelperText srOnly={!showHint} mt={showHint ? undefined : 0}>{hint}</Field.HelperText>
      {shown && <Field.ErrorText role="alert" data-testid={testId ? `${testId}-error` : undefined}>{shown}</Field.ErrorText>}
    </Field.Root>
  );
}
