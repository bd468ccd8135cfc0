import type { ReactNode } from 'react';
import { Button } from '@web/components/button';
import { submitLabel, type EditorProps } from './editor-props';

/** The wizard's Back (when given) on the left, the editor's submit on the right. */
export function EditorFooter({ mode, back, isSaving }: Pick<EditorProps, 'mode' | 'back'> & { isSaving: boolean }) {
  return (
    <FooterRow back={back}>
      <Button type="submit" isLoading={isSaving}>
        {submitLabel(mode)}
      </Button>
    </FooterRow>
  );
}

export function FooterRow({ back, children }: { back?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      {back ?? <span />}
      {children}
    </div>
  );
}
