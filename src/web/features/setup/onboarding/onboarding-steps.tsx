import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { onboardingSlugForStep, type OnboardingSlug } from '@shared/domain/onboarding';
import { meQueryKey, newUserFlag } from '@web/lib/session';
import { useBotPreferences, useBusinessHours, useMenuItems, useRestaurant, useSaveOnboardingStep } from '../setup-api';
import { WithData } from '../load-state';
import { clearAllDrafts } from '@web/lib/drafts';
import { afterOnboarding } from '@web/features/auth/after-onboarding';
import { markAwaitingPhoneSetup } from '../phone-system-watcher';
import { RestaurantInfoForm } from '../editors/restaurant-info-form';
import { HoursForm } from '../editors/hours-form';
import { BotForm } from '../editors/bot-form';
import { MenuEditor } from '../editors/menu-editor';
import { PreferencesForm } from '../editors/preferences-form';
import { PlanAndPhoneForm } from '../editors/plan-and-phone-form';

const INTRO: Record<OnboardingSlug, string> = {
  restaurant: 'Tell us about your restaurant so the assistant can introduce it to callers.',
  hours: 'When are you open? The assistant only takes orders during these hours.',
  bot: 'Choose how the assistant greets callers and what it says when the kitchen is busy.',
  menu: 'Add the dishes callers can order, with prices and preparation times.',
  preferences: 'Decide how orders and customer text messages work for you.',
  payment: 'Review your plan and choose the phone number callers will dial.',
};

/** Continue saves the step's data, then records the next step as reached and moves there. */
function useAdvance(step: number) {
  const navigate = useNavigate();
  const saveStep = useSaveOnboardingStep();
  return async () => {
    await saveStep.mutateAsync(step + 1);
    await navigate(`/onboarding/${onboardingSlugForStep(step + 1)}`);
  };
}

export function OnboardingStepContent({ slug, step, back }: { slug: OnboardingSlug; step: number; back: ReactNode }) {
  const advance = useAdvance(step);
  return (
    <div className="mt-1 flex flex-col gap-6">
      <p className="text-sm text-stone-600">{INTRO[slug]}</p>
      {slug === 'restaurant' && <RestaurantStep onSaved={advance} back={back} />}
      {slug === 'hours' && <HoursStep onSaved={advance} back={back} />}
      {slug === 'bot' && <BotStep onSaved={advance} back={back} />}
      {slug === 'menu' && <MenuStep onSaved={advance} back={back} />}
      {slug === 'preferences' && <PreferencesStep onSaved={advance} back={back} />}
      {slug === 'payment' && <PaymentStep back={back} />}
    </div>
  );
}

type StepProps = { onSaved: () => Promise<void>; back: ReactNode };

function RestaurantStep({ onSaved, back }: StepProps) {
  const query = useRestaurant();
  return (
    <WithData query={query}>
      {(r) => <RestaurantInfoForm restaurant={r} mode="wizard" onSaved={onSaved} back={back} />}
    </WithData>
  );
}

function HoursStep({ onSaved, back }: StepProps) {
  const query = useBusinessHours();
  return (
    <WithData query={query}>{(h) => <HoursForm hours={h} mode="wizard" onSaved={onSaved} back={back} />}</WithData>
  );
}

function BotStep({ onSaved, back }: StepProps) {
  const query = useBotPreferences();
  return <WithData query={query}>{(b) => <BotForm bot={b} mode="wizard" onSaved={onSaved} back={back} />}</WithData>;
}

function MenuStep({ onSaved, back }: StepProps) {
  const query = useMenuItems();
  return (
    <WithData query={query}>
      {(items) => <MenuEditor items={items} mode="wizard" onSaved={onSaved} back={back} />}
    </WithData>
  );
}

function PreferencesStep({ onSaved, back }: StepProps) {
  const query = useBotPreferences();
  return (
    <WithData query={query}>
      {(b) => (
        <PreferencesForm
          autoSmsEnabled={b.autoSmsEnabled}
          allowCustomOrders={b.allowCustomOrders}
          mode="wizard"
          onSaved={onSaved}
          back={back}
        />
      )}
    </WithData>
  );
}

function PaymentStep({ back }: { back: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The restaurant's number from step 1 is where the phone number starts.
  const restaurant = useRestaurant();
  return (
    <WithData query={restaurant}>
      {(r) => (
        <PlanAndPhoneForm
          back={back}
          restaurantPhone={r.phoneNumber}
          onCompleted={async () => {
            clearAllDrafts();
            newUserFlag.clear();
            markAwaitingPhoneSetup();
            await queryClient.invalidateQueries({ queryKey: meQueryKey });
            // Where the owner was headed when they signed up (a visitor's Subscribe Now: checkout), else the dashboard.
            await navigate(afterOnboarding.take(), { replace: true });
          }}
        />
      )}
    </WithData>
  );
}
