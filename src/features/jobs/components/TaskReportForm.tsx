/**
 * The task forms (spec 1 §2 Task details, §3 new and old meter, §5 "Task forms"): by job type the
 * new-meter form (Install), the old-meter form (Dismantle) or both (Replace), with every rule the
 * device can check (src/domain/taskForm.ts, the same rules the server applies to a sent report),
 * the spec's confirm dialogs, photos per meter, save draft and send report. Draft and report are
 * outbox commands: the form works without a connection.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Checkbox, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job, Task } from '../../../domain/api';
import { COMMENT_ROWS } from '../../../domain/constants';
import { JobType } from '../../../domain/enums';
import { formatDateTime } from '../../../domain/format';
import { liveTasks } from '../../../domain/jobRules';
import { meterFormsOf } from '../../../domain/tasks/report';
import { reportProblems } from '../../../domain/tasks/reportRules';
import {
  dismantleBeforeInstall, dismantleObject, initialNewMeter, initialOldMeter, modelLacksWaterType, newMeterObject,
  normalizeSerial, oldMeterPickable, readingLowerThanPrevious, registerFromMeter, serialMatchesModel, WaterType,
  YesNoUnknown, type FieldProblem, type MeterModel, type NewMeterValues, type OldMeterValues,
} from '../../../domain/taskForm';
import { CommandRejected, enqueue } from '../../../data/outbox';
import { useListedPhotos } from '../../../data/photos/store';
import type { PhotoImageType, PhotoMeterKind } from '../../../data/photos/types';
import { useLookup } from '../../../data/sync';
import { usePropertyMeters } from '../api/fetchPropertyMeters';
import { confirm, pageAction, snackbar, useUnsavedChangesGuard } from '../../../ui';
import { BarcodeScanner } from './BarcodeScanner';
import { DateTimeField } from './DateTimeField';
import { ImageStrip } from './ImageStrip';

interface Named { id: number; name?: string; value?: number | string; type?: string; description?: string }
const NONE: never[] = [];

type Old = Record<string, unknown>;

function Problem({ problem }: { problem?: FieldProblem }) {
  const { t } = useTranslation('jobs');
  return problem ? <Field.ErrorText>{t(`TaskForm.Errors.${problem.key}`, problem.values)}</Field.ErrorText> : null;
}

interface SelectProps<V extends string | number> {
  label: string;
  value: V | null;
  options: { value: V; label: string }[];
  onChange: (v: V | null) => void;
  problem?: FieldProblem;
  testId: string;
  disabled?: boolean;
}

/** A problem that belongs to no single field (the photos of a meter). */
function StandaloneProblem({ problem, testId }: { problem?: FieldProblem; testId: string }) {
  const { t } = useTranslation('jobs');
  return problem ? <Text color="fg.error" fontSize="sm" role="alert" data-testid={testId}>{t(`TaskForm.Errors.${problem.key}`, problem.values)}</Text> : null;
}

function Select<V extends string | number>({ label, value, options, onChange, problem, testId, disabled }: SelectProps<V>) {
  const { t } = useTranslation('jobs');
  return (
    <Field.Root invalid={!!problem} disabled={disabled}>
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
          <option value="">{t('TaskForm.Choose')}</option>
          {options.map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Problem problem={problem} />
    </Field.Root>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="4" p="4" borderWidth="1px" borderRadius="md" bg="bg" data-testid={testId}>
      <Heading as="h2" size="md">{title}</Heading>
      {children}
    </Stack>
  );
}

export interface TaskReportFormProps {
  job: Job;
  task: Task;
  onNotCarriedOut: () => void;
  onSent: () => void;
}

export function TaskReportForm({ job, task, onNotCarriedOut, onSent }: TaskReportFormProps) {
  const { t } = useTranslation('jobs');
  const models = useLookup<MeterModel>('watermetermodels') ?? NONE;
  const placements = useLookup<Named>('watermeterplacements') ?? NONE;
  const lengths = useLookup<Named>('MaxConstructionLength') ?? NONE;
  const backflowTypes = useLookup<Named>('BackflowProtectionTypes') ?? NONE;

  const { newMeter: needsNew, oldMeter: needsOld } = meterFormsOf(job.typeId);
  const [register, setRegister] = useState<Old>(() => (task.dismantleObj ?? {}) as Old);
  // The property's meters, to pick the one being replaced (offline the device's copy).
  const meters = usePropertyMeters(job.matrikkel.matrikkelNummer, needsOld);
  const pickable = needsOld && oldMeterPickable(task, job.typeId);
  useEffect(() => {
    if (meters?.length === 0) snackbar.warning(t('NoMetersAvailableForProperty'));
  }, [meters, t]);

  const [startNew] = useState(() => initialNewMeter(task.newWaterMeterObj, numberOr(register.placementId)));
  const [startOld] = useState(() => initialOldMeter(task.dismantleObj, task.notes));
  const [saved, setSaved] = useState({ newMeter: startNew, oldMeter: startOld });
  const [newMeter, setNewMeter] = useState<NewMeterValues>(startNew);
  const [oldMeter, setOldMeter] = useState<OldMeterValues>(startOld);
  const [confirmImage, setConfirmImage] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  const [scanning, setScanning] = useState(false);
  const oldReadingRef = useRef<HTMLInputElement>(null);

  const changed = JSON.stringify({ newMeter, oldMeter }) !== JSON.stringify(saved);
  const guard = useUnsavedChangesGuard(changed);

  const model = models.find((m) => m.id === newMeter.meterModelId) ?? null;
  const newOverview = useListedPhotos(task.taskId, (task.newWaterMeterObj as Old | null)?.waterMeterImages, 'overview', 'new');
  const newDetail = useListedPhotos(task.taskId, null, 'detail', 'new');
  const oldOverview = useListedPhotos(task.taskId, register.waterMeterImages, 'overview', 'old');
  const otherSerials = liveTasks(job).filter((x) => x.taskId !== task.taskId)
    .map((x) => String((x.newWaterMeterObj as Old | null)?.serialNo ?? '')).filter((s) => s !== '');

  const { newMeter: newProblems, oldMeter: oldProblems } = reportProblems({ jobTypeId: job.typeId, newMeter, oldMeter }, {
    model, otherSerials, confirmImage, newMeterImages: newOverview.count + newDetail.count, oldMeterImages: oldOverview.count,
  });
  // Format problems show at once; "required" ones after a send was tried.
  const visible = <T,>(problem: T & { key: string } | undefined) => (problem && (showAll || problem.key !== 'Required') ? problem : undefined);
  const serialValid = newMeter.serialNo !== '' && serialMatchesModel(normalizeSerial(newMeter.serialNo), model);

  const setN = <K extends keyof NewMeterValues>(k: K, v: NewMeterValues[K]) => setNewMeter((cur) => ({ ...cur, [k]: v }));
  const setO = <K extends keyof OldMeterValues>(k: K, v: OldMeterValues[K]) => setOldMeter((cur) => ({ ...cur, [k]: v }));

  const chooseModel = async (id: number | null) => {
    const next = models.find((m) => m.id === id) ?? null;
    // Spec 1 §5: a model that does not take the replaced meter's water type is used only when confirmed.
    if (next && needsOld && modelLacksWaterType(next, register.waterType)) {
      const ok = await confirm({ message: t('TaskForm.ModelWaterTypeConfirm'), confirmText: t('Yes'), cancelText: t('No') });
      if (!ok) return;
    }
    setNewMeter((cur) => ({
      ...cur,
      meterModelId: id,
      directionId: next?.directions?.some((d) => d.id === cur.directionId) ? cur.directionId : null,
      waterType: next?.waterTypeId === WaterType.Hot ? WaterType.Hot : next?.waterTypeId === WaterType.ColdAndHot ? cur.waterType : WaterType.Cold,
    }));
  };

  const checkOldReading = async () => {
    if (!readingLowerThanPrevious(oldMeter.lastMeterReading, register.previousMeterReading)) return;
    const ok = await confirm({ message: t('TaskForm.ReadingLowerConfirm'), confirmText: t('TaskForm.ReadingIsRight'), cancelText: t('TaskForm.ReadingIsWrong') });
    // Spec 1 §5: said to be wrong, the reading field gets the focus back after 100 ms.
    if (!ok) window.setTimeout(() => oldReadingRef.current?.focus(), 100);
  };

  const submit = async (draft: boolean) => {
    if (!draft) {
      setShowAll(true);
      const problems = { ...newProblems, ...oldProblems };
      if (Object.keys(problems).length > 0) {
        snackbar.error(t('TaskForm.ReportSentFailed'), t('TaskForm.CheckTheForm'));
        return;
      }
    }
    if (needsNew && needsOld && dismantleBeforeInstall(oldMeter.dismantledDate, newMeter.installedDate)) {
      const ok = await confirm({ message: t('TaskForm.DismantleEarlierConfirm'), confirmText: t('Yes'), cancelText: t('No') });
      if (!ok) return;
    }
    setBusy(draft ? 'draft' : 'send');
    try {
      const sent = {
        taskId: task.taskId,
        ...(needsNew ? { newWaterMeterObj: newMeterObject(newMeter, [...newOverview.listed, ...newDetail.listed]) } : {}),
        ...(needsOld ? { dismantleObj: dismantleObject(register, oldMeter, oldOverview.listed) } : {}),
        ...(needsOld && job.typeId === JobType.Dismantle ? { notes: oldMeter.comment || null } : {}),
      };
      await enqueue({ type: draft ? 'saveTaskDraft' : 'sendTaskReport', body: { taskId: task.taskId, jobId: job.jobId, isDraft: draft, jobTasks: [sent] } });
      setSaved({ newMeter, oldMeter });
      guard.allowNavigation();
      if (draft) snackbar.success(t('TaskForm.DraftSavedSuccessfully'));
      else {
        // Offline the report waits on the device: say so, not that it was sent.
        snackbar.success(t(navigator.onLine ? 'TaskForm.ReportSentSuccessfully' : 'TaskForm.ReportQueued'));
        onSent();
      }
    } catch (err) {
      snackbar.error(t(draft ? 'TaskForm.DraftSavingFailed' : 'TaskForm.ReportSentFailed'), err instanceof CommandRejected ? t('TaskForm.CheckTheForm') : undefined);
    } finally {
      setBusy(null);
    }
  };

  const yesNo = useMemo(() => [{ value: true, label: t('Yes') }, { value: false, label: t('No') }], [t]);
  const yesNoUnknown = useMemo(() => [
    { value: YesNoUnknown.Yes, label: t('Yes') }, { value: YesNoUnknown.No, label: t('No') }, { value: YesNoUnknown.Unknown, label: t('TaskForm.Unknown') },
  ], [t]);
  const boolSelect = (k: 'brackets' | 'hasUpstreamStopValve' | 'hasDownstreamStopValve', label: string) => (
    <Select<string> label={label} testId={`new-${k}`} value={newMeter[k] === null ? null : String(newMeter[k])}
      options={yesNo.map((o) => ({ value: String(o.value), label: o.label }))}
      onChange={(v) => setN(k, v === null ? null : v === 'true')} problem={visible(newProblems[k])} />
  );
  const ynuSelect = (k: 'hasBackflowProtection' | 'hasUpstreamWaterMeter' | 'hasDownstreamWaterMeter', label: string) => (
    <Select<number> label={label} testId={`new-${k}`} value={newMeter[k]} options={yesNoUnknown}
      onChange={(v) => setN(k, v as 1 | 2 | 3 | null)} problem={visible(newProblems[k])} />
  );
  const target = (imageType: PhotoImageType, meterKind: PhotoMeterKind, meterNumber: string | null) => ({
    jobId: job.jobId, taskId: task.taskId, matrikkelenhetsId: job.matrikkel.matrikkelenhetId, imageType, meterKind, meterNumber,
  });

  return (
    <Stack gap="5" data-testid="task-report-form">
      {needsOld && (
        <Section title={t('OldWaterMeter')} testId="old-meter-form">
          {meters && meters.length > 0 && (
            <Select<number> label={t('TaskForm.OldMeter')} testId="old-meter-picker" value={typeof register.waterMeterId === 'number' ? register.waterMeterId : null}
              disabled={!pickable}
              options={meters.map((m) => ({ value: m.waterMeterId, label: [m.serialNo, m.placementId ? placements.find((p) => p.id === m.placementId)?.name : null].filter(Boolean).join(' · ') }))}
              onChange={(id) => {
                const m = meters.find((x) => x.waterMeterId === id);
                if (m) setRegister((cur) => ({ ...cur, ...registerFromMeter(m) }));
              }} />
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" fontSize="sm">
            <Text>{t('MeterField.serialNo')}: <b>{String(register.serialNo ?? '–')}</b></Text>
            <Text>{t('MeterField.placementId')}: {placements.find((p) => p.id === register.placementId)?.name ?? '–'}</Text>
            <Text data-testid="old-previous-reading">{t('MeterField.previousMeterReading')}: {String(register.previousMeterReading ?? '–')}
              {typeof register.previousMeterReadDate === 'string' ? ` (${formatDateTime(register.previousMeterReadDate)})` : ''}</Text>
          </SimpleGrid>
          <DateTimeField label={t('MeterField.dismantledDate')} testId="old-dismantledDate"
            value={oldMeter.dismantledDate ? new Date(oldMeter.dismantledDate) : null}
            onChange={(d) => setO('dismantledDate', d ? d.toISOString() : null)}
            error={visible(oldProblems.dismantledDate) ? t(`TaskForm.Errors.${oldProblems.dismantledDate!.key}`) : null} />
          <Field.Root invalid={!!visible(oldProblems.lastMeterReading)}>
            <Field.Label>{t('MeterField.lastMeterReading')}</Field.Label>
            <Input ref={oldReadingRef} inputMode="decimal" maxLength={8} data-testid="old-lastMeterReading" value={oldMeter.lastMeterReading}
              onChange={(e) => setO('lastMeterReading', e.target.value)} onBlur={() => void checkOldReading()} />
            <Problem problem={visible(oldProblems.lastMeterReading)} />
          </Field.Root>
          <Field.Root invalid={!!visible(oldProblems.comment)} required={job.typeId === JobType.Dismantle}>
            <Field.Label>{t('TaskForm.Comment')}</Field.Label>
            <Textarea rows={COMMENT_ROWS} data-testid="old-comment" value={oldMeter.comment} onChange={(e) => setO('comment', e.target.value)} />
            <Problem problem={visible(oldProblems.comment)} />
          </Field.Root>
          <ImageStrip title={t('TaskForm.OldMeterImages')} target={target('overview', 'old', typeof register.serialNo === 'string' ? register.serialNo : null)} />
          {showAll && <StandaloneProblem problem={oldProblems.images} testId="old-images-problem" />}
        </Section>
      )}

      {needsNew && (
        <Section title={t('NewWaterMeter')} testId="new-meter-form">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Select<number> label={t('MeterField.meterModelId')} testId="new-meterModelId" value={newMeter.meterModelId}
              options={models.map((m) => ({ value: m.id, label: m.name }))} onChange={(v) => void chooseModel(v)} problem={visible(newProblems.meterModelId)} />
            <Field.Root invalid={!!visible(newProblems.serialNo)}>
              <Field.Label>{t('MeterField.serialNo')}</Field.Label>
              <HStack gap="2" w="100%">
                <Input data-testid="new-serialNo" autoCapitalize="characters" value={newMeter.serialNo}
                  onChange={(e) => setN('serialNo', e.target.value.toUpperCase())} />
                <Button variant="outline" onClick={() => setScanning(true)} data-testid="scan-serial">{t('BarcodeReader.Scan')}</Button>
              </HStack>
              <Problem problem={visible(newProblems.serialNo)} />
            </Field.Root>
            <Field.Root invalid={!!visible(newProblems.lastMeterReading)}>
              <Field.Label>{t('MeterField.lastMeterReading')}</Field.Label>
              <Input inputMode="decimal" data-testid="new-lastMeterReading" value={newMeter.lastMeterReading} onChange={(e) => setN('lastMeterReading', e.target.value)} />
              <Problem problem={visible(newProblems.lastMeterReading)} />
            </Field.Root>
            <DateTimeField label={t('MeterField.installedDate')} testId="new-installedDate"
              value={newMeter.installedDate ? new Date(newMeter.installedDate) : null}
              onChange={(d) => setN('installedDate', d ? d.toISOString() : null)}
              error={visible(newProblems.installedDate) ? t(`TaskForm.Errors.${newProblems.installedDate!.key}`) : null} />
            {boolSelect('brackets', t('MeterField.brackets'))}
            <Select<number> label={t('MeterField.maxConstructionLength')} testId="new-maxConstructionLength" value={newMeter.maxConstructionLength}
              options={lengths.map((l) => ({ value: l.id, label: `${l.value} mm` }))} onChange={(v) => setN('maxConstructionLength', v)} />
            <Select<number> label={t('MeterField.directionId')} testId="new-directionId" value={newMeter.directionId} disabled={!model}
              options={(model?.directions ?? []).map((d) => ({ value: d.id, label: d.name }))} onChange={(v) => setN('directionId', v)} problem={visible(newProblems.directionId)} />
            {boolSelect('hasUpstreamStopValve', t('MeterField.hasUpstreamStopValve'))}
            {boolSelect('hasDownstreamStopValve', t('MeterField.hasDownstreamStopValve'))}
            {ynuSelect('hasBackflowProtection', t('MeterField.hasBackflowProtection'))}
            {newMeter.hasBackflowProtection === YesNoUnknown.Yes && (
              <>
                <Select<number> label={t('MeterField.backflowProtectionType')} testId="new-backflowProtectionType" value={newMeter.backflowProtectionType}
                  options={backflowTypes.map((b) => ({ value: b.id, label: `${b.type} – ${b.description}` }))} onChange={(v) => setN('backflowProtectionType', v)}
                  problem={visible(newProblems.backflowProtectionType)} />
                <Select<number> label={t('MeterField.liquidCategory')} testId="new-liquidCategory" value={newMeter.liquidCategory}
                  options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))} onChange={(v) => setN('liquidCategory', v)}
                  problem={visible(newProblems.liquidCategory)} />
              </>
            )}
            {ynuSelect('hasUpstreamWaterMeter', t('MeterField.hasUpstreamWaterMeter'))}
            {ynuSelect('hasDownstreamWaterMeter', t('MeterField.hasDownstreamWaterMeter'))}
            {newMeter.hasUpstreamWaterMeter === YesNoUnknown.Yes && (
              <>
                <Field.Root invalid={!!visible(newProblems.upstreamMeterSerialNumber)}>
                  <Field.Label>{t('MeterField.upstreamMeterSerialNumber')}</Field.Label>
                  <Input data-testid="new-upstreamMeterSerialNumber" value={newMeter.upstreamMeterSerialNumber}
                    onChange={(e) => setN('upstreamMeterSerialNumber', e.target.value.toUpperCase())} />
                  <Problem problem={visible(newProblems.upstreamMeterSerialNumber)} />
                </Field.Root>
                <Field.Root invalid={!!visible(newProblems.upstreamMeterLastReading)}>
                  <Field.Label>{t('MeterField.upstreamMeterLastReading')}</Field.Label>
                  <Input inputMode="decimal" data-testid="new-upstreamMeterLastReading" value={newMeter.upstreamMeterLastReading}
                    onChange={(e) => {
                      const value = e.target.value;
                      // Spec 1 §5: the upstream installed date defaults to now when a reading is first entered.
                      setNewMeter((cur) => ({ ...cur, upstreamMeterLastReading: value, upstreamMeterInstalledDate: cur.upstreamMeterInstalledDate ?? (value ? new Date().toISOString() : null) }));
                    }} />
                  <Problem problem={visible(newProblems.upstreamMeterLastReading)} />
                </Field.Root>
                <DateTimeField label={t('MeterField.upstreamMeterInstalledDate')} testId="new-upstreamMeterInstalledDate"
                  value={newMeter.upstreamMeterInstalledDate ? new Date(newMeter.upstreamMeterInstalledDate) : null}
                  onChange={(d) => setN('upstreamMeterInstalledDate', d ? d.toISOString() : null)} />
              </>
            )}
            <Select<number> label={t('MeterField.placementId')} testId="new-placementId" value={newMeter.placementId}
              options={placements.map((p) => ({ value: p.id, label: p.name ?? String(p.id) }))} onChange={(v) => setN('placementId', v)} />
            <Field.Root>
              <Field.Label>{t('MeterField.placementComment')}</Field.Label>
              <Input data-testid="new-placementComment" value={newMeter.placementComment} onChange={(e) => setN('placementComment', e.target.value)} />
            </Field.Root>
            {model?.waterTypeId === WaterType.ColdAndHot && (
              <Select<number> label={t('MeterField.waterType')} testId="new-waterType" value={newMeter.waterType}
                options={[{ value: WaterType.Cold, label: t('TaskForm.WaterType.0') }, { value: WaterType.Hot, label: t('TaskForm.WaterType.1') }]}
                onChange={(v) => setN('waterType', v ?? WaterType.Cold)} problem={visible(newProblems.waterType)} />
            )}
          </SimpleGrid>
          <ImageStrip title={t('TaskForm.NewMeterOverviewImages')} target={target('overview', 'new', serialValid ? normalizeSerial(newMeter.serialNo) : null)} />
          <ImageStrip title={t('TaskForm.NewMeterDetailImages')} target={target('detail', 'new', serialValid ? normalizeSerial(newMeter.serialNo) : null)}
            blockedReason={serialValid ? null : t('TaskForm.DetailNeedsSerial')} />
          {showAll && <StandaloneProblem problem={newProblems.images} testId="new-images-problem" />}
          <Field.Root invalid={showAll && !!newProblems.confirmImage}>
            <Checkbox.Root checked={confirmImage} onCheckedChange={(e) => setConfirmImage(e.checked === true)} data-testid="confirm-image">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('TaskForm.ConfirmImage')}</Checkbox.Label>
            </Checkbox.Root>
            {showAll && <Problem problem={newProblems.confirmImage} />}
          </Field.Root>
        </Section>
      )}

      {scanning && <BarcodeScanner current={newMeter.serialNo} fits={(code) => serialMatchesModel(normalizeSerial(code), model)}
        onCode={(code) => setN('serialNo', code)} onClose={() => setScanning(false)} />}

      <HStack gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="orange" onClick={onNotCarriedOut} data-testid="open-deviation">{t('NotCarriedOut')}</Button>
        <Box flex="1" />
        <Button variant="outline" loading={busy === 'draft'} disabled={busy !== null || !changed} onClick={() => void submit(true)} data-testid="save-draft">
          {t('TaskForm.SaveDraft')}
        </Button>
        <Button colorPalette="green" {...pageAction} loading={busy === 'send'} disabled={busy !== null} onClick={() => void submit(false)} data-testid="send-report">
          {t('TaskForm.Send')}
        </Button>
      </HStack>
    </Stack>
  );
}

function numberOr(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}
