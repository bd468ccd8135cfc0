import { useSearchParams } from 'react-router';
import { PhoneCall } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { Tabs } from 'radix-ui';
import { useDocumentTitle } from '@web/components/document-title';
import { useBotPreferences, useBusinessHours, useMenuItems, useRestaurant } from '../setup-api';
import { WithData } from '../load-state';
import { UnsavedChangesGuard } from '../unsaved-changes';
import { RestaurantInfoForm } from '../editors/restaurant-info-form';
import { HoursForm } from '../editors/hours-form';
import { BotForm } from '../editors/bot-form';
import { MenuEditor } from '../editors/menu-editor';
import { PreferencesForm } from '../editors/preferences-form';
import { PhoneSystemPanel } from './phone-system-panel';
import { AccountPanel } from './account-panel';

const TABS = [
  { id: 'restaurant', label: 'Restaurant', description: 'How callers and customers know you.' },
  { id: 'hours', label: 'Hours', description: 'The assistant takes orders only while you are open.' },
  { id: 'assistant', label: 'Assistant', description: 'Language, greeting and the busy message.' },
  { id: 'menu', label: 'Menu', description: 'What callers can order. Mark a dish sold out for today in one click.' },
  { id: 'preferences', label: 'Preferences', description: 'Custom orders and automatic text messages.' },
  { id: 'phone', label: 'Phone', description: 'The number your assistant answers.' },
  { id: 'account', label: 'Account', description: 'Your password, and the devices signed in to your account.' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function SettingsPage() {
  useDocumentTitle('Settings');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'restaurant';

  return (
    <UnsavedChangesGuard>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
          <p className="text-sm text-stone-600">
            Everything your phone assistant knows about your restaurant, and your account.
          </p>
        </div>
        <Tabs.Root
          value={tab}
          onValueChange={(value) => setParams({ tab: value }, { replace: true })}
          className="flex flex-col gap-6 lg:flex-row"
          orientation="vertical"
        >
          <Tabs.List
            aria-label="Settings sections"
            className="flex flex-wrap gap-1 lg:w-52 lg:shrink-0 lg:flex-col lg:flex-nowrap"
          >
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className="whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium text-stone-600 hover:bg-stone-100 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((t) => (
            <Tabs.Content
              key={t.id}
              value={t.id}
              className="min-w-0 flex-1 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <h2 className="text-lg font-semibold">{t.label}</h2>
              <p className="mb-5 text-sm text-stone-600">{t.description}</p>
              <SettingsSection id={t.id} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </UnsavedChangesGuard>
  );
}

function SettingsSection({ id }: { id: TabId }) {
  switch (id) {
    case 'restaurant':
      return <RestaurantSection />;
    case 'hours':
      return <HoursSection />;
    case 'assistant':
      return <AssistantSection />;
    case 'menu':
      return <MenuSection />;
    case 'preferences':
      return <PreferencesSection />;
    case 'phone':
      return <PhoneSystemPanel />;
    case 'account':
      return <AccountPanel />;
  }
}

function RestaurantSection() {
  const query = useRestaurant();
  return <WithData query={query}>{(r) => <RestaurantInfoForm restaurant={r} mode="settings" />}</WithData>;
}

function HoursSection() {
  const query = useBusinessHours();
  return <WithData query={query}>{(h) => <HoursForm hours={h} mode="settings" />}</WithData>;
}

function AssistantSection() {
  const query = useBotPreferences();
  return (
    <div className="flex flex-col gap-6">
      <WithData query={query}>{(b) => <BotForm key={String(b.isSaved)} bot={b} mode="settings" />}</WithData>
      <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-700">
          Hear how your assistant answers, in any of its languages, with a test call in the browser.
        </p>
        <ButtonLink to="/test-call" variant="secondary" className="shrink-0 self-start sm:self-auto">
          <PhoneCall className="size-4" aria-hidden="true" />
          Try your assistant
        </ButtonLink>
      </div>
    </div>
  );
}

function MenuSection() {
  const query = useMenuItems();
  return <WithData query={query}>{(items) => <MenuEditor items={items} mode="settings" />}</WithData>;
}

function PreferencesSection() {
  const query = useBotPreferences();
  return (
    <WithData query={query}>
      {(b) => (
        <PreferencesForm autoSmsEnabled={b.autoSmsEnabled} allowCustomOrders={b.allowCustomOrders} mode="settings" />
      )}
    </WithData>
  );
}
