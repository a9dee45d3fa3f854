/**
 * The availability modal (spec 2 §2.2, §4 "Availability edit on the calendar", §5; spec 3 §5): opened
 * from a slot's menu, with the slot's day and time. Type (available, absent, extended), date and from/to
 * in 15-minute steps within 06:00–18:00, our own date and time fields; every rule is
 * availability.ts checkAvailability (the server's), its text under the field, Save disabled while one
 * fails, past dates refused. Saving makes the calls availabilityEditCalls decides from the slot's own
 * entry; on success UpdateAvailabilitySuccess shows and the week is read again; items the change left
 * outside the plumber's time are named in the same modal, which offers to move them to the first free
 * time (OverlapMoves.tsx), so nothing is left silently on absent time. A changed form not yet saved
 * holds the page: leaving it asks first.
 */
import { useState } from 'react';
import { Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { availabilityEditCalls, checkAvailability } from '../../../domain/scheduling/availability';
import type { OverlappedItem } from '../../../domain/schemas/availability';
import { fetchDayAvailability, sendAvailabilityCall } from '../api/availability';
import { AvailabilityType, SCHEDULE_DAY_END, SCHEDULE_DAY_START } from '../../../domain/scheduling/enums';
import { minutesOf, timeOf } from '../../../domain/scheduling/hours';
import { addDays, osloDay } from '../../../domain/time/oslo';
import { snackbar } from '../../../ui';
import { DateField, SelectField, TimeField } from '../../../ui/form';
import { useUnsavedChangesGuard } from '../../../ui/useUnsavedChangesGuard';
import { OverlapMoves } from './OverlapMoves';

export interface AvailabilityTarget {
  plumberId: number;
  date: string;
  /** The slot's start, minutes after midnight. */
  from: number;
}

const TYPES = [AvailabilityType.Available, AvailabilityType.Absent, AvailabilityType.Extended] as const;

export function AvailabilityDialog({ target, onClose, onSaved }: { target: AvailabilityTarget | null; onClose: () => void; onSaved: () => void }) {
  // Items a saved change left outside the plumber's time: the modal stays open on them after the form is gone.
  const [overlap, setOverlap] = useState<{ plumberId: number; items: OverlappedItem[] } | null>(null);
  const close = () => {
    setOverlap(null);
    if (target) onClose();
  };
  return (
    <Dialog.Root open={!!target || !!overlap} onOpenChange={(e) => { if (!e.open) close(); }} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* One content element for the form and the overlap after it: the dialog keeps the element it opened with. */}
          {(overlap || target) && (
            <Dialog.Content data-testid={overlap ? 'availability-overlap' : 'availability-dialog'} maxW="750px">
              {overlap ? (
                <OverlapMoves plumberId={overlap.plumberId} items={overlap.items} onClose={close} onSaved={onSaved} />
              ) : target && (
                <AvailabilityForm
                  key={`${target.date}-${target.from}`} target={target} onClose={onClose} onSaved={onSaved}
                  onOverlap={(items) => setOverlap({ plumberId: target.plumberId, items })}
                />
              )}
            </Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function AvailabilityForm({ target, onClose, onSaved, onOverlap }: {
  target: AvailabilityTarget;
  onClose: () => void;
  onSaved: () => void;
  /** The saved change left these items outside the plumber's time. */
  onOverlap: (items: OverlappedItem[]) => void;
}) {
  const { t } = useTranslation('planning');
  const today = osloDay(new Date());
  const [type, setType] = useState<number>(AvailabilityType.Absent);
  const [date, setDate] = useState<string | null>(target.date);
  const [start, setStart] = useState<string | null>(timeOf(target.from));
  const [end, setEnd] = useState<string | null>(timeOf(Math.min(target.from + 60, minutesOf(SCHEDULE_DAY_END))));
  const [saving, setSaving] = useState(false);
  // spec 2 §2.2: leaving the page with a changed, unsaved availability asks first.
  const [initial] = useState(() => ({ type, date, start, end }));
  useUnsavedChangesGuard(type !== initial.type || date !== initial.date || start !== initial.start || end !== initial.end);
  const problem = checkAvailability({ availabilityTypeId: type, date, startTime: start, endTime: end }, today);
  const errorOf = (field: string) => (problem?.field === field ? t(problem.errorKey) : null);

  const save = async () => {
    if (problem || !date || !start || !end) return;
    setSaving(true);
    try {
      const entries = await fetchDayAvailability(target.plumberId, date);
      const at = minutesOf(start);
      const slot = entries.find((e) => e.date === date && minutesOf(e.startTime) <= at && at < minutesOf(e.endTime)) ?? null;
      const calls = availabilityEditCalls({ slot, next: { date, startTime: start, endTime: end, availabilityTypeId: type }, userRegistrationId: target.plumberId, entries });
      const overlapped = new Map<number, OverlappedItem>();
      for (const call of calls) for (const o of await sendAvailabilityCall(call)) overlapped.set(o.id, o);
      snackbar.success(t('Calendar.Availability.Saved'));
      onSaved();
      if (overlapped.size) onOverlap([...overlapped.values()].sort((a, b) => a.scheduleStartDateTime.localeCompare(b.scheduleStartDateTime)));
      onClose();
    } catch (err) {
      const key = (err as { body?: { errorKey?: string } }).body?.errorKey;
      snackbar.error(t('Calendar.Availability.Failed'), key && t(key, { defaultValue: '' }) ? t(key) : t('Calendar.Availability.TryAgain'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Dialog.Header><Dialog.Title>{t('Calendar.Availability.Title')}</Dialog.Title></Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <SelectField
            label={t('Calendar.Availability.Type')} testId="availability-type" value={type} placeholder={t('Calendar.Availability.Type')}
            options={TYPES.map((id) => ({ value: id, label: t(`Calendar.Availability.Types.${id}`) }))}
            onChange={(v) => { if (v !== null) setType(v); }}
          />
          <DateField label={t('Calendar.Availability.Date')} testId="availability-date" value={date} onChange={setDate} min={today} max={addDays(today, 730)} error={errorOf('date')} required />
          <HStack gap="3" align="start">
            <TimeField label={t('Calendar.Availability.From')} testId="availability-from" value={start} onChange={setStart} step={15} min={SCHEDULE_DAY_START} max={SCHEDULE_DAY_END} error={errorOf('startTime')} required />
            <TimeField label={t('Calendar.Availability.To')} testId="availability-to" value={end} onChange={setEnd} step={15} min={SCHEDULE_DAY_START} max={SCHEDULE_DAY_END} error={errorOf('endTime')} required />
          </HStack>
          {problem && problem.field === 'availabilityTypeId' && <Text color="fg.error">{t(problem.errorKey)}</Text>}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>{t('Calendar.Close')}</Button>
        <Button onClick={() => void save()} disabled={!!problem} loading={saving} data-testid="availability-save">{t('Calendar.Availability.Save')}</Button>
      </Dialog.Footer>
    </>
  );
}
