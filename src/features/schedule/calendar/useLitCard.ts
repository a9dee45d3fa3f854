/**
 * The card and the map's stop lit together (spec 2 §2.2 split view): a card hovered or focused lights
 * its stop; a stop hovered or focused lights its card, and a click on it brings the card into view.
 */
import { useCallback, useState } from 'react';

export function useLitCard(mapShown: boolean) {
  const [lit, setLit] = useState<number | null>(null);
  const lightFrom = (target: EventTarget | null) => {
    if (!mapShown) return;
    const card = target instanceof Element ? target.closest<HTMLElement>('[data-testid="calendar-card"]') : null;
    const id = card ? Number(card.dataset.itemId) : null;
    setLit((now) => (now === id ? now : id));
  };
  const onStop = useCallback((id: number | null, how: 'hover' | 'click') => {
    setLit(id);
    if (how !== 'click' || id === null) return;
    const card = document.querySelector<HTMLElement>(`[data-testid="calendar-card"][data-item-id="${id}"]`);
    card?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
    card?.focus({ preventScroll: true });
  }, []);
  return { lit, setLit, lightFrom, onStop };
}
