/** The new-meter form (spec 1 §3 "New water meter", §5): model, serial (typed or scanned), reading, dates, answers, placement, photos. */
import { useState } from 'react';
import { Button, Checkbox, Field, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { normalizeSerial, serialMatchesModel } from '../../../domain/tasks/form';
import { WaterType, YesNoUnknown } from '../../../domain/enums';
import { useLookup } from '../../../data/sync';
import { Section } from '../../../ui/form';
import { BarcodeScanner } from './BarcodeScanner';
import { DateTimeField } from './DateTimeField';
import { ImageStrip } from './ImageStrip';
import { BackflowFields, NewMeterSelect, UpstreamMeterFields, YesNoSelect, YesNoUnknownSelect } from './newMeterFields';
import { Problem, StandaloneProblem, useProblemText } from './taskFormProblems';
import type { TaskReportState } from './useTaskReport';

interface Named { id: number; name?: string; value?: number | string }
const NONE: never[] = [];

export function NewMeterSection({ form }: { form: TaskReportState }) {
  const { t } = useTranslation('jobs');
  const problemText = useProblemText();
  const placements = useLookup<Named>('watermeterplacements') ?? NONE;
  const lengths = useLookup<Named>('MaxConstructionLength') ?? NONE;
  const [scanning, setScanning] = useState(false);
  const { newMeter, setN, visible, model, showAll } = form;
  const problems = form.problems.newMeter;
  const meterNumber = form.serialValid ? normalizeSerial(newMeter.serialNo) : null;
  return (
    <Section title={t('NewWaterMeter')} testId="new-meter-form">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <NewMeterSelect form={form} name="meterModelId" label={t('MeterField.meterModelId')}
          options={form.models.map((m) => ({ value: m.id, label: m.name }))} onChange={(v) => void form.chooseModel(v)} />
        <Field.Root invalid={!!visible(problems.serialNo)}>
          <Field.Label>{t('MeterField.serialNo')}</Field.Label>
          <HStack gap="2" w="100%">
            <Input data-testid="new-serialNo" autoCapitalize="characters" value={newMeter.serialNo}
              onChange={(e) => setN('serialNo', e.target.value.toUpperCase())} />
            <Button variant="outline" onClick={() => setScanning(true)} data-testid="scan-serial">{t('BarcodeReader.Scan')}</Button>
          </HStack>
          <Problem problem={visible(problems.serialNo)} />
        </Field.Root>
        <Field.Root invalid={!!visible(problems.lastMeterReading)}>
          <Field.Label>{t('MeterField.lastMeterReading')}</Field.Label>
          <Input inputMode="decimal" data-testid="new-lastMeterReading" value={newMeter.lastMeterReading} onChange={(e) => setN('lastMeterReading', e.target.value)} />
          <Problem problem={visible(problems.lastMeterReading)} />
        </Field.Root>
        <DateTimeField label={t('MeterField.installedDate')} testId="new-installedDate"
          value={newMeter.installedDate ? new Date(newMeter.installedDate) : null}
          onChange={(d) => setN('installedDate', d ? d.toISOString() : null)}
          error={problemText(visible(problems.installedDate))} />
        <YesNoSelect form={form} name="brackets" />
        <NewMeterSelect form={form} name="maxConstructionLength" label={t('MeterField.maxConstructionLength')}
          options={lengths.map((l) => ({ value: l.id, label: `${l.value} mm` }))} />
        <NewMeterSelect form={form} name="directionId" label={t('MeterField.directionId')} disabled={!model}
          options={(model?.directions ?? []).map((d) => ({ value: d.id, label: d.name }))} />
        <YesNoSelect form={form} name="hasUpstreamStopValve" />
        <YesNoSelect form={form} name="hasDownstreamStopValve" />
        <YesNoUnknownSelect form={form} name="hasBackflowProtection" />
        {newMeter.hasBackflowProtection === YesNoUnknown.Yes && <BackflowFields form={form} />}
        <YesNoUnknownSelect form={form} name="hasUpstreamWaterMeter" />
        <YesNoUnknownSelect form={form} name="hasDownstreamWaterMeter" />
        {newMeter.hasUpstreamWaterMeter === YesNoUnknown.Yes && <UpstreamMeterFields form={form} />}
        <NewMeterSelect form={form} name="placementId" label={t('MeterField.placementId')}
          options={placements.map((p) => ({ value: p.id, label: p.name ?? String(p.id) }))} />
        <Field.Root>
          <Field.Label>{t('MeterField.placementComment')}</Field.Label>
          <Input data-testid="new-placementComment" value={newMeter.placementComment} onChange={(e) => setN('placementComment', e.target.value)} />
        </Field.Root>
        {model?.waterTypeId === WaterType.ColdAndHot && (
          <NewMeterSelect form={form} name="waterType" label={t('MeterField.waterType')} onChange={(v) => setN('waterType', v ?? WaterType.Cold)}
            options={[{ value: WaterType.Cold, label: t('TaskForm.WaterType.0') }, { value: WaterType.Hot, label: t('TaskForm.WaterType.1') }]} />
        )}
      </SimpleGrid>
      <ImageStrip title={t('TaskForm.NewMeterOverviewImages')} target={form.photoTarget('overview', 'new', meterNumber)} />
      <ImageStrip title={t('TaskForm.NewMeterDetailImages')} target={form.photoTarget('detail', 'new', meterNumber)}
        blockedReason={form.serialValid ? null : t('TaskForm.DetailNeedsSerial')} />
      {showAll && <StandaloneProblem problem={problems.images} testId="new-images-problem" />}
      <Field.Root invalid={showAll && !!problems.confirmImage}>
        <Checkbox.Root checked={form.confirmImage} onCheckedChange={(e) => form.setConfirmImage(e.checked === true)} data-testid="confirm-image">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('TaskForm.ConfirmImage')}</Checkbox.Label>
        </Checkbox.Root>
        {showAll && <Problem problem={problems.confirmImage} />}
      </Field.Root>
      {scanning && <BarcodeScanner current={newMeter.serialNo} fits={(code) => serialMatchesModel(normalizeSerial(code), model)}
        onCode={(code) => setN('serialNo', code)} onClose={() => setScanning(false)} />}
    </Section>
  );
}
