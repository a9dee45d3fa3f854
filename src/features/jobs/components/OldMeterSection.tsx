/** The old-meter form (spec 1 §3 "Old meter", §5): the meter picked from the property's list, its dismantled date, reading, comment and photos. */
import { Field, Input, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { COMMENT_ROWS } from '../../../domain/constants';
import { JobType } from '../../../domain/enums';
import { formatDateTime } from '../../../domain/format';
import { OLD_READING_MAX_LENGTH, registerFromMeter } from '../../../domain/tasks/form';
import { useLookup } from '../../../data/sync';
import { Section, SelectField } from '../../../ui/form';
import { DateTimeField } from './DateTimeField';
import { ImageStrip } from './ImageStrip';
import { Problem, StandaloneProblem, useProblemText } from './taskFormProblems';
import type { TaskReportState } from './useTaskReport';

interface Named { id: number; name?: string }
const NONE: never[] = [];

export function OldMeterSection({ form }: { form: TaskReportState }) {
  const { t } = useTranslation('jobs');
  const problemText = useProblemText();
  const placements = useLookup<Named>('watermeterplacements') ?? NONE;
  const { register, oldMeter, setO, visible, meters } = form;
  const problems = form.problems.oldMeter;
  const placementName = (id: unknown) => placements.find((p) => p.id === id)?.name;
  return (
    <Section title={t('OldWaterMeter')} testId="old-meter-form">
      {meters && meters.length > 0 && (
        <SelectField<number> label={t('TaskForm.OldMeter')} testId="old-meter-picker" placeholder={t('TaskForm.Choose')}
          value={typeof register.waterMeterId === 'number' ? register.waterMeterId : null} disabled={!form.pickable}
          options={meters.map((m) => ({ value: m.waterMeterId, label: [m.serialNo, m.placementId ? placementName(m.placementId) : null].filter(Boolean).join(' · ') }))}
          onChange={(id) => {
            const m = meters.find((x) => x.waterMeterId === id);
            if (m) form.setRegister((cur) => ({ ...cur, ...registerFromMeter(m) }));
          }} />
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" fontSize="sm">
        <Text>{t('MeterField.serialNo')}: <b>{String(register.serialNo ?? '–')}</b></Text>
        <Text>{t('MeterField.placementId')}: {placementName(register.placementId) ?? '–'}</Text>
        <Text data-testid="old-previous-reading">{t('MeterField.previousMeterReading')}: {String(register.previousMeterReading ?? '–')}
          {typeof register.previousMeterReadDate === 'string' ? ` (${formatDateTime(register.previousMeterReadDate)})` : ''}</Text>
      </SimpleGrid>
      <DateTimeField label={t('MeterField.dismantledDate')} testId="old-dismantledDate"
        value={oldMeter.dismantledDate ? new Date(oldMeter.dismantledDate) : null}
        onChange={(d) => setO('dismantledDate', d ? d.toISOString() : null)}
        error={problemText(visible(problems.dismantledDate))} />
      <Field.Root invalid={!!visible(problems.lastMeterReading)}>
        <Field.Label>{t('MeterField.lastMeterReading')}</Field.Label>
        <Input ref={form.oldReadingRef} inputMode="decimal" maxLength={OLD_READING_MAX_LENGTH} data-testid="old-lastMeterReading" value={oldMeter.lastMeterReading}
          onChange={(e) => setO('lastMeterReading', e.target.value)} onBlur={() => void form.checkOldReading()} />
        <Problem problem={visible(problems.lastMeterReading)} />
      </Field.Root>
      <Field.Root invalid={!!visible(problems.comment)} required={form.job.typeId === JobType.Dismantle}>
        <Field.Label>{t('TaskForm.Comment')}</Field.Label>
        <Textarea rows={COMMENT_ROWS} data-testid="old-comment" value={oldMeter.comment} onChange={(e) => setO('comment', e.target.value)} />
        <Problem problem={visible(problems.comment)} />
      </Field.Root>
      <ImageStrip title={t('TaskForm.OldMeterImages')} target={form.photoTarget('overview', 'old', typeof register.serialNo === 'string' ? register.serialNo : null)} />
      {form.showAll && <StandaloneProblem problem={problems.images} testId="old-images-problem" />}
    </Section>
  );
}
