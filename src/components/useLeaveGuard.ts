import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** The generated forms' words (react-admin's ra.message.unsaved_changes in i18n/zh.ts). */
export const UNSAVED_CHANGES = '部分修改尚未保存，确定要放弃吗？';

/**
 * Asks before a page with unsaved input is left, as the generated forms do (warnWhenUnsavedChanges): another
 * page or tab of the app (a data-router navigation) gets the same confirmation, a reload or a closed window the
 * browser's own.
 */
export function useLeaveGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (!dirty || window.confirm(UNSAVED_CHANGES)) blocker.proceed();
    else blocker.reset();
  }, [blocker, dirty]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
