import { useId } from 'react';
import { Popover } from 'radix-ui';
import { BellOff, Settings2, X } from 'lucide-react';
import { autoPrintNewOrders, repeatNewOrderAlert, useDeviceSetting, type DeviceSetting } from '@web/lib/local-settings';
import { Button } from '@web/components/button';
import { useChimeMuted, useSoundBlocked } from './chime';

/** The board's choices that belong to one device (the kitchen tablet, the owner's phone), not to the restaurant. */
export function DeviceSettingsButton() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button
          variant="secondary"
          className="max-lg:size-10 max-lg:px-0 max-sm:size-9"
          title="Alerts and printing on this device"
        >
          <Settings2 className="size-4" aria-hidden="true" />
          <span className="max-lg:sr-only">Alerts &amp; printing</span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={16}
          aria-label="Alerts and printing on this device"
          className="z-40 flex w-88 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-lg"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 className="font-semibold text-stone-900">On this device</h2>
              <p className="text-xs text-stone-600">
                Saved in this browser only, so a kitchen tablet and your phone can differ.
              </p>
            </div>
            <Popover.Close asChild>
              <Button variant="ghost" size="sm" className="-mt-1 -mr-2 px-2" aria-label="Close">
                <X className="size-4" aria-hidden="true" />
              </Button>
            </Popover.Close>
          </div>
          <SettingCheckbox
            setting={repeatNewOrderAlert}
            label="Repeat the alert until acknowledged"
            description="The new-order chime plays every 10 seconds until someone presses Got it or acts on the order."
          />
          <SettingCheckbox
            setting={autoPrintNewOrders}
            label="Print new orders automatically"
            description="Each new order's kitchen ticket prints once as it arrives, for a tablet next to a receipt printer. Chrome asks before each print unless it is started with --kiosk-printing."
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SettingCheckbox({
  setting,
  label,
  description,
}: {
  setting: DeviceSetting;
  label: string;
  description: string;
}) {
  const id = useId();
  const [checked, setChecked] = useDeviceSetting(setting);
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => setChecked(event.target.checked)}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-stone-600">
          {description}
        </p>
      </div>
    </div>
  );
}

/**
 * Says in words when new orders will make no sound: muted on this device, or held back by the browser until the
 * first tap on the page.
 */
export function SoundState() {
  const [isMuted] = useChimeMuted();
  const isBlocked = useSoundBlocked();
  return (
    <span role="status" className="inline-flex">
      {isMuted ? (
        <span className="inline-flex h-7 items-center gap-1.5 rounded-full bg-amber-100 px-2.5 text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300 ring-inset">
          <BellOff className="size-3.5" aria-hidden="true" />
          Sound off
        </span>
      ) : isBlocked ? (
        <span
          className="inline-flex h-7 items-center gap-1.5 rounded-full bg-stone-100 px-2.5 text-xs font-medium whitespace-nowrap text-stone-700 ring-1 ring-stone-300 ring-inset"
          title="Browsers play sound only after a tap or key press on the page."
        >
          <BellOff className="size-3.5" aria-hidden="true" />
          <span className="max-sm:hidden">Tap to allow sound</span>
          <span className="sm:hidden">Tap for sound</span>
        </span>
      ) : null}
    </span>
  );
}
