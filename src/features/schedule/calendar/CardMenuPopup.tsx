/**
 * The week's one card menu (spec 2 §2.2 card menu: Notes, Contact and SMS log, Cancel, Manually agreed;
 * ours: the duration override for the card), opened at a card's button; what each offers follows the
 * status table (itemStatus.ts). Cancel is disabled while cards are flagged (spec 2 §4: reload first).
 */
import { Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isMovable, rulesOf } from '../../../domain/scheduling/itemStatus';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';
import { cardMinutes } from './cardDrop';
import { cancelOffered, noteOffered, type CardMenuAnchor } from './cardMenu';

export function CardMenuPopup({ menu, override, blocked, onClose, onSelect }: {
  /** The menu's card is kept after it closes: the menu may close before it reports the choice. */
  menu: { item: ScheduleItem; at: CardMenuAnchor; open: boolean } | null;
  override: number | null;
  /** Cards are flagged: Cancel waits for the reload. */
  blocked: boolean;
  onClose: () => void;
  onSelect: (value: string) => void;
}) {
  const { t } = useTranslation('planning');
  return (
    <Menu.Root
      open={!!menu?.open} onOpenChange={(e) => { if (!e.open) onClose(); }} onSelect={(d) => onSelect(d.value)}
      positioning={{ getAnchorRect: () => ({ x: menu?.at.x ?? 0, y: menu?.at.y ?? 0, width: 0, height: 0 }) }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="calendar-card-menu-list">
            {menu && noteOffered(menu.item) && <Menu.Item value="note">{t('Calendar.Note.Open')}</Menu.Item>}
            <Menu.Item value="contact">{t('Contact.Open')}</Menu.Item>
            {menu && cancelOffered(menu.item) && <Menu.Item value="cancel" disabled={blocked}>{t('Calendar.Cancel.Open')}</Menu.Item>}
            {menu && rulesOf(menu.item.status).confirmable && <Menu.Item value="confirm">{t('Calendar.Confirm.Open')}</Menu.Item>}
            {menu && override && isMovable(menu.item.status) && cardMinutes(menu.item) !== override && (
              <Menu.Item value="duration">{t('Calendar.Duration.Apply', { minutes: override })}</Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
