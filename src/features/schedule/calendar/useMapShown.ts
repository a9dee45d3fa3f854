/** Whether the calendar's map section is shown (spec 2 §2.2 split view), kept on the device. */
import { useCallback, useState } from 'react';
import { useScreenClass } from '../../../ui';

const MAP_KEY = 'meterwork.calendar.map';

/**
 * Whether the map section is shown: by default on a wide screen (spec 2 §2.2's split view, about 40vw),
 * where the week keeps room for its days; the admin's choice is kept on the device.
 */
export function useMapShown(): [boolean, (shown: boolean) => void] {
  const screen = useScreenClass();
  const [chosen, setChosen] = useState<boolean | null>(() => {
    try {
      const kept = localStorage.getItem(MAP_KEY);
      return kept === null ? null : kept === '1';
    } catch { return null; }
  });
  const choose = useCallback((shown: boolean) => {
    setChosen(shown);
    try { localStorage.setItem(MAP_KEY, shown ? '1' : '0'); } catch { /* private mode: kept for this visit only */ }
  }, []);
  return [chosen ?? screen === 'wide', choose];
}
