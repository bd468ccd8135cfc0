import type { ReactNode } from 'react';

/** Every settings editor is used twice: as a wizard step (Continue) and on the settings page (Save changes). */
export interface EditorProps {
  mode: 'wizard' | 'settings';
  /** Called after the server accepted the change. */
  onSaved?: () => void | Promise<void>;
  /** The wizard's Back button, shown beside Continue. */
  back?: ReactNode;
}

export const submitLabel = (mode: EditorProps['mode']) => (mode === 'wizard' ? 'Continue' : 'Save changes');
