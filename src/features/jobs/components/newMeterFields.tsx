/**
 * Fields of the new-meter form (spec 1 §3 "New water meter"): a select bound to one of the form's
 * values, the yes/no and yes/no/unknown answers, and the fields that show only with an answer
 * (backflow protection's type and liquid category, the upstream meter's serial, reading and date).
 */
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NewMeterValues } from '../../../domain/tasks/form';
import { YesNoUnknown } from '../../../domain/enums';
import { useLookup } from '../../../data/sync';
import { SelectField } from '../../../ui/form';
import { DateTimeField } from './DateTimeField';
import { Problem, useProblemText } from './taskFormProblems';
import type { TaskReportState } from './useTaskReport';

type Key = keyof NewMeterValues;
type ValuesOf<V> = { [K in Key]: NewMeterValues[K] extends V | null ? K : never }[Key];
const NONE: never[] = [];

/** A select over one of the new meter's number values, with its problem. */
export function NewMeterSelect({ form, name, label, options, disabled, onChange }: {
  form: TaskReportState; name: ValuesOf<number>; label: string; options: readonly { value: number; label: string }[]; disabled?: boolean;
  onChange?: (v: number | null) => void;
}) {
  const { t } = useTranslation('jobs');
  const problemText = useProblemText();
  return (
    <SelectField<number> label={label} testId={`new-${name}`} placeholder={t('TaskForm.Choose')} value={form.newMeter[name] as number | null}
      options={options} disabled={disabled} error={problemText(form.visible(form.problems.newMeter[name]))}
      onChange={onChange ?? ((v) => form.setN(name, v as never))} />
  );
}

/** A yes/no answer (brackets, stop valves). */
export function YesNoSelect({ form, name }: { form: TaskReportState; name: 'brackets' | 'hasUpstreamStopValve' | 'hasDownstreamStopValve' }) {
  const { t } = useTranslation('jobs');
  const problemText = useProblemText();
  const value = form.newMeter[name];
  return (
    <SelectField<string> label={t(`MeterField.${name}`)} testId={`new-${name}`} placeholder={t('TaskForm.Choose')}
      value={value === null ? null : String(value)} options={[{ value: 'true', label: t('Yes') }, { value: 'false', label: t('No') }]}
      onChange={(v) => form.setN(name, v === null ? null : v === 'true')} error={problemText(form.visible(form.problems.newMeter[name]))} />
  );
}

/** A yes/no/unknown answer (backflow protection, meters up- and downstream). */
export function YesNoUnknownSelect({ form, name }: { form: TaskReportState; name: 'hasBackflowProtection' | 'hasUpstreamWaterMeter' | 'hasDownstreamWaterMeter' }) {
  const { t } = useTranslation('jobs');
  const options = [
    { value: YesNoUnknown.Yes, label: t('Yes') }, { value: YesNoUnknown.No, label: t('No') }, { value: YesNoUnknown.Unknown, label: t('TaskForm.Unknown') },
  ];
  return <NewMeterSelect form={form} name={name} label={t(`MeterField.${name}`)} options={options} onChange={(v) => form.setN(name, v as 1 | 2 | 3 | null)} />;
}

interface BackflowType { id: number; type?: string; description?: string }

/** With backflow protection: its type and the liquid category (1–5). */
export function BackflowFields({ form }: { form: TaskReportState }) {
  const { t } = useTranslation('jobs');
  const types = useLookup<BackflowType>('BackflowProtectionTypes') ?? NONE;
  return (
    <>
      <NewMeterSelect form={form} name="backflowProtectionType" label={t('MeterField.backflowProtectionType')}
        options={types.map((b) => ({ value: b.id, label: `${b.type} – ${b.description}` }))} />
      <NewMeterSelect form={form} name="liquidCategory" label={t('MeterField.liquidCategory')}
        options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))} />
    </>
  );
}

/** With a meter upstream: its serial, reading and installed date. */
export function UpstreamMeterFields({ form }: { form: TaskReportState }) {
  const { t } = useTranslation('jobs');
  const { newMeter, visible } = form;
  const problems = form.problems.newMeter;
  return (
    <>
      <Field.Root invalid={!!visible(problems.upstreamMeterSerialNumber)}>
        <Field.Label>{t('MeterField.upstreamMeterSerialNumber')}</Field.Label>
        <Input data-testid="new-upstreamMeterSerialNumber" value={newMeter.upstreamMeterSerialNumber}
          onChange={(e) => form.setN('upstreamMeterSerialNumber', e.target.value.toUpperCase())} />
        <Problem problem={visible(problems.upstreamMeterSerialNumber)} />
      </Field.Root>
      <Field.Root invalid={!!visible(problems.upstreamMeterLastReading)}>
        <Field.Label>{t('MeterField.upstreamMeterLastReading')}</Field.Label>
        <Input inputMode="decimal" data-testid="new-upstreamMeterLastReading" value={newMeter.upstreamMeterLastReading}
          onChange={(e) => {
            const value = e.target.value;
            // Spec 1 §5: the upstream installed date defaults to now when a reading is first entered.
            form.setNewMeter((cur) => ({ ...cur, upstreamMeterLastReading: value, upstreamMeterInstalledDate: cur.upstreamMeterInstalledDate ?? (value ? new Date().toISOString() : null) }));
          }} />
        <Problem problem={visible(problems.upstreamMeterLastReading)} />
      </Field.Root>
      <DateTimeField label={t('MeterField.upstreamMeterInstalledDate')} testId="new-upstreamMeterInstalledDate"
        value={newMeter.upstreamMeterInstalledDate ? new Date(newMeter.upstreamMeterInstalledDate) : null}
        onChange={(d) => form.setN('upstreamMeterInstalledDate', d ? d.toISOString() : null)} />
    </>
  );
}
