/**
 * The calendar's one cancellation dialog (CancelDialog.tsx), opened from a card's menu for that card or
 * from the action bar for the week's cancellable cards (spec 2 §2.2). The action bar's button is
 * enabled when some card may be cancelled and no card is flagged (spec 2 §4: reload first).
 */
import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { CancelDialog, cancellableItems } from './CancelDialog';

export function useCancelDialog(schedule: Schedule, onDone: (cancelled: number[]) => void) {
  const { t } = useTranslation('planning');
  const [open, setOpen] = useState<{ items: ScheduleItem[]; several: boolean } | null>(null);
  const cancellable = useMemo(() => cancellableItems(schedule), [schedule]);
  const button = (blocked: boolean) => (
    <Button size="sm" variant="outline" colorPalette="red" disabled={cancellable.length === 0 || blocked} data-testid="calendar-cancel"
      onClick={() => setOpen({ items: cancellable, several: true })}>
      {t('Calendar.Cancel.OpenSeveral', { count: cancellable.length })}
    </Button>
  );
  const dialog = open && (
    <CancelDialog schedule={schedule} items={open.items} several={open.several} onClose={() => setOpen(null)} onDone={onDone} />
  );
  return { openFor: (item: ScheduleItem) => setOpen({ items: [item], several: false }), button, dialog };
}
