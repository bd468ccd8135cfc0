export const ONBOARDING_STEPS = [
  { step: 1, slug: 'restaurant', title: 'Restaurant information' },
  { step: 2, slug: 'hours', title: 'Business hours' },
  { step: 3, slug: 'bot', title: 'Voice assistant' },
  { step: 4, slug: 'menu', title: 'Menu' },
  { step: 5, slug: 'preferences', title: 'Preferences' },
  { step: 6, slug: 'payment', title: 'Plan and phone number' },
] as const;

export type OnboardingSlug = (typeof ONBOARDING_STEPS)[number]['slug'];
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEPS.length;

export function onboardingStepBySlug(slug: string | undefined) {
  return ONBOARDING_STEPS.find((s) => s.slug === slug);
}

export function onboardingSlugForStep(step: number): OnboardingSlug {
  const clamped = Math.min(Math.max(Math.trunc(step) || 1, 1), ONBOARDING_STEP_COUNT);
  return ONBOARDING_STEPS[clamped - 1]!.slug;
}
