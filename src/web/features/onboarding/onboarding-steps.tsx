import type { OnboardingSlug } from '@shared/domain/onboarding';

const INTRO: Record<OnboardingSlug, string> = {
  restaurant: 'Tell us about your restaurant so the assistant can introduce it to callers.',
  hours: 'When are you open? The assistant only takes orders during these hours.',
  bot: 'Choose how the assistant greets callers and what it says when the kitchen is busy.',
  menu: 'Add the dishes callers can order, with prices and preparation times.',
  preferences: 'Decide how orders and customer text messages work for you.',
  payment: 'Review your plan and choose the phone number callers will dial.',
};

export function OnboardingStepContent({ slug }: { slug: OnboardingSlug }) {
  return <p className="mt-1 text-sm text-stone-600">{INTRO[slug]}</p>;
}
