import { OnboardingRoute } from '@web/app/guards';
import { OnboardingLayout } from './onboarding/onboarding-layout';
import { SettingsPage } from './settings/settings-page';

/** The two screens that host the setup editors, routed as the app routes them, for the editors' component tests. */
export const setupRoutes = [
  { path: '/onboarding', element: <OnboardingRoute />, children: [{ path: ':step', element: <OnboardingLayout /> }] },
  { path: '/settings', element: <SettingsPage /> },
];
