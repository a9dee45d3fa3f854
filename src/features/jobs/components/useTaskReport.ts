/**
 * The task form's state and actions (spec 1 §5 "Task forms"): the values of the meter forms the job
 * type needs, what the report-content rules find wrong with them (src/domain/tasks/reportRules.ts),
 * the spec's confirm dialogs, and save draft / send report as outbox commands (so offline works).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job, Task } from '../../../domain/api';
import { JobType, WaterType } from '../../../domain/enums';
import { liveTasks } from '../../../domain/jobs/rules';
import { meterFormsOf } from '../../../domain/tasks/report';
import { reportProblems } from '../../../domain/tasks/reportRules';
import {
  dismantleBeforeInstall, dismantleObject, initialNewMeter, initialOldMeter, modelLacksWaterType, newMeterObject, normalizeSerial,
  oldMeterPickable, readingLowerThanPrevious, serialMatchesModel, type FieldProblem, type MeterModel, type NewMeterValues,
  type OldMeterValues,
} from '../../../domain/tasks/form';
import { CommandRejected, enqueue } from '../../../data/outbox';
import { useListedPhotos } from '../../../data/photos/store';
import type { PhotoImageType, PhotoMeterKind } from '../../../data/photos/types';
import { useLookup } from '../../../data/sync';
import { confirm, snackbar } from '../../../ui';
import { useUnsavedChangesGuard } from '../../../ui/useUnsavedChangesGuard';
import { usePropertyMeters } from '../api/fetchPropertyMeters';

type Obj = Record<string, unknown>;
const NONE: never[] = [];

export function useTaskReport(job: Job, task: Task, onSent: () => void) {
  const { t } = useTranslation('jobs');
  const models = useLookup<MeterModel>('watermetermodels') ?? NONE;
  const { newMeter: needsNew, oldMeter: needsOld } = meterFormsOf(job.typeId);
  // The old meter's register fields: the task's, or those of the meter picked from the property's list.
  const [register, setRegister] = useState<Obj>(() => (task.dismantleObj ?? {}) as Obj);
  const meters = usePropertyMeters(job.matrikkel.matrikkelNummer, needsOld);
  useEffect(() => {
    if (meters?.length === 0) snackbar.warning(t('NoMetersAvailableForProperty'));
  }, [meters, t]);

  const [startNew] = useState(() => initialNewMeter(task.newWaterMeterObj, typeof register.placementId === 'number' ? register.placementId : null));
  const [startOld] = useState(() => initialOldMeter(task.dismantleObj, task.notes));
  const [saved, setSaved] = useState({ newMeter: startNew, oldMeter: startOld });
  const [newMeter, setNewMeter] = useState<NewMeterValues>(startNew);
  const [oldMeter, setOldMeter] = useState<OldMeterValues>(startOld);
  const [confirmImage, setConfirmImage] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  const oldReadingRef = useRef<HTMLInputElement>(null);

  const changed = JSON.stringify({ newMeter, oldMeter }) !== JSON.stringify(saved);
  const guard = useUnsavedChangesGuard(changed);

  const model = models.find((m) => m.id === newMeter.meterModelId) ?? null;
  const newOverview = useListedPhotos(task.taskId, (task.newWaterMeterObj as Obj | null)?.waterMeterImages, 'overview', 'new');
  const newDetail = useListedPhotos(task.taskId, null, 'detail', 'new');
  const oldOverview = useListedPhotos(task.taskId, register.waterMeterImages, 'overview', 'old');
  const otherSerials = liveTasks(job).filter((x) => x.taskId !== task.taskId)
    .map((x) => String((x.newWaterMeterObj as Obj | null)?.serialNo ?? '')).filter((s) => s !== '');

  const problems = reportProblems({ jobTypeId: job.typeId, newMeter, oldMeter }, {
    model, otherSerials, confirmImage, newMeterImages: newOverview.count + newDetail.count, oldMeterImages: oldOverview.count,
  });
  // Format problems show at once; "required" ones after a send was tried.
  const visible = (problem: FieldProblem | undefined) => (problem && (showAll || problem.key !== 'Required') ? problem : undefined);
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
      if (Object.keys({ ...problems.newMeter, ...problems.oldMeter }).length > 0) {
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

  /** Where a photo of this form belongs. */
  const photoTarget = (imageType: PhotoImageType, meterKind: PhotoMeterKind, meterNumber: string | null) => ({
    jobId: job.jobId, taskId: task.taskId, matrikkelenhetsId: job.matrikkel.matrikkelenhetId, imageType, meterKind, meterNumber,
  });

  return {
    job, needsNew, needsOld, models, model, meters, pickable: needsOld && oldMeterPickable(task, job.typeId), register, setRegister,
    newMeter, setNewMeter, setN, oldMeter, setO, problems, visible, showAll, serialValid, confirmImage, setConfirmImage,
    changed, busy, submit, chooseModel, checkOldReading, oldReadingRef, photoTarget,
  };
}

export type TaskReportState = ReturnType<typeof useTaskReport>;
