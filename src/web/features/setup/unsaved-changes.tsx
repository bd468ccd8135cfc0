import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';

export const UNSAVED_CHANGES = {
  title: 'Discard unsaved changes?',
  description: 'You have changes on this page that are not saved yet. If you leave now, they are lost.',
  stay: 'Keep editing',
  leave: 'Discard changes',
} as const;

type Report = (form: string, isDirty: boolean) => void;
const UnsavedChangesContext = createContext<Report | null>(null);

/**
 * Guards a page of forms (Settings): while any of them holds edits not yet saved, moving elsewhere in the app (another
 * settings tab, another page, Back) asks first in an in-app dialog, and closing or reloading the tab gets the
 * browser's own "Leave site?" prompt. Forms report their state with useUnsavedChanges.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((form, isDirty) => {
    setDirtyForms((current) => {
      if (current.has(form) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(form);
      else next.delete(form);
      return next;
    });
  }, []);
  const hasUnsavedChanges = dirtyForms.size > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  return (
    <UnsavedChangesContext value={report}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={UNSAVED_CHANGES.title}
        description={UNSAVED_CHANGES.description}
        cancelLabel={UNSAVED_CHANGES.stay}
        confirmLabel={UNSAVED_CHANGES.leave}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </UnsavedChangesContext>
  );
}

/**
 * Whether a form's values differ from what it started with (or last saved), told to the page's guard. Outside a
 * guard (the setup wizard, which keeps drafts instead) it only answers isDirty. Call markSaved with the values the
 * server accepted; edits made while saving stay unsaved.
 */
export function useUnsavedChanges<V>(values: V) {
  const report = useContext(UnsavedChangesContext);
  const form = useId();
  const current = JSON.stringify(values);
  const [saved, setSaved] = useState(current);
  const isDirty = current !== saved;

  useEffect(() => {
    report?.(form, isDirty);
  }, [report, form, isDirty]);
  useEffect(() => () => report?.(form, false), [report, form]);

  const markSaved = useCallback((values: unknown) => setSaved(JSON.stringify(values)), []);
  return { isDirty, markSaved };
}
