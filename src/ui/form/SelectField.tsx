/**
 * A labelled native select over typed options: the value comes back as the option's own value (a
 * number stays a number), and the empty first option (`placeholder`) gives null.
 */
import { Field, NativeSelect } from '@chakra-ui/react';

export interface SelectFieldProps<V extends string | number> {
  label: string;
  value: V | null;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | null) => void;
  /** The empty option's text ("Choose"). */
  placeholder: string;
  /** The field's problem, shown under it. */
  error?: string | null;
  testId: string;
  disabled?: boolean;
}

export function SelectField<V extends string | number>({ label, value, options, onChange, placeholder, error, testId, disabled }: SelectFieldProps<V>) {
  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          data-testid={testId}
          value={value === null ? '' : String(value)}
          onChange={(e) => {
            const raw = e.target.value;
            const hit = options.find((o) => String(o.value) === raw);
            onChange(hit ? hit.value : null);
          }}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
