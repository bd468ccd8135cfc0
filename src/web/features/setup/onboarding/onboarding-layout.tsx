import { Navigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ONBOARDING_STEP_COUNT, onboardingSlugForStep, onboardingStepBySlug } from '@shared/domain/onboarding';
import { useSession, useSignOut } from '@web/lib/session';
import { Logo } from '@web/components/logo';
import { Button, ButtonLink } from '@web/components/button';
import { useDocumentTitle } from '@web/components/document-title';
import { OnboardingStepContent } from './onboarding-steps';

/** /onboarding → the furthest step the owner reached; a later step than that is not reachable yet. */
export function OnboardingIndex() {
  const { me } = useSession();
  return <Navigate to={`/onboarding/${onboardingSlugForStep(me?.restaurant.onboardingStep ?? 1)}`} replace />;
}

export function OnboardingLayout() {
  const { step: slug } = useParams();
  const { me } = useSession();
  const signOut = useSignOut();
  const current = onboardingStepBySlug(slug);
  useDocumentTitle(current ? `Step ${current.step} of ${ONBOARDING_STEP_COUNT}` : 'Onboarding');
  const reached = me?.restaurant.onboardingStep ?? 1;

  if (!current || current.step > reached) {
    return <Navigate to={`/onboarding/${onboardingSlugForStep(reached)}`} replace />;
  }
  const percent = Math.round((current.step / ONBOARDING_STEP_COUNT) * 100);
  const previous = current.step > 1 ? onboardingSlugForStep(current.step - 1) : null;

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Logo to="/onboarding" />
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <div className="mb-6">
          <div className="mb-2 flex items-center justify-between text-sm">
            <span className="font-medium text-stone-700">
              Step {current.step} of {ONBOARDING_STEP_COUNT}
            </span>
            <span className="text-stone-500">{current.title}</span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-stone-200"
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={1}
            aria-valuemax={ONBOARDING_STEP_COUNT}
            aria-valuenow={current.step}
            aria-valuetext={`Step ${current.step} of ${ONBOARDING_STEP_COUNT}`}
          >
            <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <section
          className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
          aria-labelledby="step-title"
        >
          <h1 id="step-title" className="text-xl font-bold tracking-tight">
            {current.title}
          </h1>
          <OnboardingStepContent
            key={current.slug}
            slug={current.slug}
            step={current.step}
            back={
              <ButtonLink to={previous ? `/onboarding/${previous}` : '/'} variant="secondary">
                <ArrowLeft className="size-4" aria-hidden="true" />
                Back
              </ButtonLink>
            }
          />
        </section>
      </main>
    </div>
  );
}
