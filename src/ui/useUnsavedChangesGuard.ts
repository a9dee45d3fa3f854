/**
 * Exit-without-saving guard (spec 1 §2, §4 "Edits"): while a form is dirty, leaving the page in the
 * app asks ExitConfirmationHeader / ExitConfirmationMessage, and closing or reloading the tab asks
 * the browser's own question.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { confirm } from './dialogStore';

export interface UnsavedChangesGuard {
  /** Lets the next navigation through, e.g. right after a successful save. */
  allowNavigation: () => void;
}

export function useUnsavedChangesGuard(isDirty: boolean): UnsavedChangesGuard {
  const { t } = useTranslation();
  const dirty = useRef(isDirty);
  const bypass = useRef(false);
  const asking = useRef(false);

  useEffect(() => {
    dirty.current = isDirty;
    if (isDirty) bypass.current = false;
  }, [isDirty]);

  // The query counts too: /settings?section=… is one page per section, and Back between sections
  // leaves the form as surely as another path does.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty.current && !bypass.current
      && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({
      title: t('ExitConfirmationHeader'),
      message: t('ExitConfirmationMessage'),
      confirmText: t('Yes'),
      cancelText: t('Cancel'),
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const allowNavigation = useCallback(() => {
    bypass.current = true;
  }, []);
  return { allowNavigation };
}
