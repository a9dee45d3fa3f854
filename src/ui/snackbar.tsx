/** The snackbar: bottom left, four severities (spec 1 §9). Call snackbar.* from anywhere. */
import { useEffect, useState } from 'react';
import { Toast, Toaster, createToaster, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  resolveSnackbarDuration, SNACKBAR_PLACEMENT, STANDARD_SNACKBAR_MS, type SnackbarOptions, type SnackbarSeverity,
} from './snackbarCore';

export type { SnackbarOptions, SnackbarSeverity } from './snackbarCore';

const toaster = createToaster({ placement: SNACKBAR_PLACEMENT, pauseOnPageIdle: true, max: 4 });

export function showSnackbar(options: SnackbarOptions): void {
  // The toaster renders with flushSync; deferring lets callers raise a snackbar from an effect or
  // while React is rendering without tripping React's "flushSync inside a lifecycle" error.
  queueMicrotask(() => {
    toaster.create({
      type: options.severity,
      title: options.title,
      description: options.message,
      duration: resolveSnackbarDuration(options.duration),
      closable: true,
    });
  });
}

function standard(severity: SnackbarSeverity) {
  return (title: string, message?: string) => showSnackbar({ severity, title, message, duration: STANDARD_SNACKBAR_MS });
}

export const snackbar = {
  success: standard('success'),
  warning: standard('warning'),
  error: standard('error'),
  info: standard('info'),
};

/** The CSS variable PageLayout adds to its bottom padding: the height the open snackbars take. */
export const SNACKBAR_SPACE_VAR = '--snackbar-space';

/**
 * Keeps the end of the page clear of the snackbars: while any is open, the page's bottom padding
 * grows by their height, and a page scrolled to its end stays at its end, so the last control
 * (the job page's Submit) sits above the snackbar instead of under it on a phone.
 */
function useSnackbarSpace(el: HTMLDivElement | null) {
  useEffect(() => {
    if (!el) return;
    const root = document.documentElement;
    let current = 0;
    const measure = () => {
      const toasts = Array.from(el.querySelectorAll<HTMLElement>('[data-part="root"]'))
        .filter((t) => t.dataset.state !== 'closed');
      // offsetHeight ignores the enter animation's transforms; 16 px per toast covers the gap and inset.
      const space = toasts.reduce((sum, t) => sum + t.offsetHeight + 16, 0);
      if (space === current) return;
      const atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 4;
      current = space;
      root.style.setProperty(SNACKBAR_SPACE_VAR, `${space}px`);
      if (space > 0) {
        // Again after a closing dialog has released its scroll lock (a snackbar often follows a dialog).
        requestAnimationFrame(() => keepClear(space, atEnd));
        for (const ms of [200, 450]) setTimeout(() => { if (current === space) keepClear(space, atEnd); }, ms);
      }
    };
    const resize = new ResizeObserver(measure);
    const watch = () => {
      resize.disconnect();
      el.querySelectorAll('[data-part="root"]').forEach((t) => resize.observe(t));
      measure();
    };
    const mutations = new MutationObserver(watch);
    mutations.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
    watch();
    return () => {
      resize.disconnect();
      mutations.disconnect();
      root.style.removeProperty(SNACKBAR_SPACE_VAR);
    };
  }, [el]);
}

/** The attribute a page's main action carries (Submit, Save) so a snackbar never covers it. */
export const PAGE_ACTION_ATTR = 'data-page-action';

/** Scrolls a page action out from under the snackbars, or keeps a page read to its end at its end. */
function keepClear(space: number, atEnd: boolean) {
  const top = window.innerHeight - space;
  let need = 0;
  document.querySelectorAll<HTMLElement>(`[${PAGE_ACTION_ATTR}]`).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.bottom > top && r.top < window.innerHeight) need = Math.max(need, r.bottom - top + 8);
  });
  if (need > 0) window.scrollBy({ top: need });
  else if (atEnd) window.scrollTo({ top: document.documentElement.scrollHeight });
}

export function SnackbarHost() {
  // Ark's own labels are English ("Notifications, bottom-start (alt+T)", "Dismiss notification").
  const { t } = useTranslation('ui');
  // A callback ref: the Portal mounts its children after the first render.
  const [group, setGroup] = useState<HTMLDivElement | null>(null);
  useSnackbarSpace(group);
  return (
    <Portal>
      <div ref={setGroup} data-testid="snackbar-region">
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('Snackbar.Region')}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="snackbar" data-severity={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Full opacity: Chakra's 0.8 puts the text at 3.5:1 on the error red (AA needs 4.5:1). */}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t('Snackbar.Close')} />}
          </Toast.Root>
        )}
      </Toaster>
      </div>
    </Portal>
  );
}

/** Spread on a page's main action: `<Button {...pageAction}>` keeps it clear of snackbars. */
export const pageAction = { [PAGE_ACTION_ATTR]: '' } as const;
