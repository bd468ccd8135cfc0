import { Spinner } from './button';

/** Shown while the session is being checked; the text is the spec's. */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-stone-600">
        <Spinner className="size-5 text-brand-700" />
        <span>Loading...</span>
      </div>
    </div>
  );
}
