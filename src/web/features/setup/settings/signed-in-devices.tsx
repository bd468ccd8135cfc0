import { useState } from 'react';
import toast from 'react-hot-toast';
import { HelpCircle, Laptop, Smartphone, Tablet, type LucideIcon } from 'lucide-react';
import { Button, Spinner } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { formatDateTime, formatTimeAgo, useNow } from '@web/lib/relative-time';
import { errorMessage } from '../form-errors';
import { useSignedInDevices, useSignOutDevice, useSignOutOtherDevices, type SignedInDevice } from './account-api';
import { describeDevice, type DeviceKind } from './device-name';

export const DEVICES_LOAD_FAILED = 'Could not load your signed-in devices.';
export const DEVICE_SIGNED_OUT = 'The device was signed out.';
export const OTHER_DEVICES_SIGNED_OUT = 'Every other device was signed out.';

const DEVICE_ICONS: Record<DeviceKind, LucideIcon> = {
  phone: Smartphone,
  tablet: Tablet,
  computer: Laptop,
  unknown: HelpCircle,
};

/** What the owner is asked to confirm: one device, or every device but this one. */
type Confirming = { kind: 'one'; device: SignedInDevice } | { kind: 'others' } | null;

/** The browsers signed in to the account, this one marked; any other can be signed out from here. */
export function SignedInDevices() {
  const query = useSignedInDevices();
  const signOutDevice = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const others = query.data?.filter((d) => !d.isThisDevice) ?? [];

  async function confirm() {
    if (!confirming) return;
    try {
      if (confirming.kind === 'one') {
        await signOutDevice.mutateAsync(confirming.device.token);
        toast.success(DEVICE_SIGNED_OUT);
      } else {
        await signOutOthers.mutateAsync();
        toast.success(OTHER_DEVICES_SIGNED_OUT);
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Could not sign out. Please try again.'));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <section aria-labelledby="signed-in-devices" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="signed-in-devices" className="font-semibold text-stone-900">
            Signed-in devices
          </h3>
          <p className="text-sm text-stone-600">
            Every browser signed in to your account. Sign out any you do not recognize or no longer use.
          </p>
        </div>
        {others.length > 0 && (
          <Button variant="secondary" className="shrink-0 self-start" onClick={() => setConfirming({ kind: 'others' })}>
            Sign out everywhere else
          </Button>
        )}
      </div>
      <DeviceList query={query} onSignOut={(device) => setConfirming({ kind: 'one', device })} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'one' ? 'Sign out this device?' : 'Sign out everywhere else?'}
        description={
          confirming?.kind === 'one'
            ? `${describeDevice(confirming.device.userAgent).name} will be signed out. Whoever uses it will have to sign in again with your password.`
            : 'Every device signed in to your account except this one will be signed out.'
        }
        confirmLabel={confirming?.kind === 'one' ? 'Sign out' : 'Sign out everywhere else'}
        tone="danger"
        isConfirming={signOutDevice.isPending || signOutOthers.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

function DeviceList({
  query,
  onSignOut,
}: {
  query: ReturnType<typeof useSignedInDevices>;
  onSignOut: (device: SignedInDevice) => void;
}) {
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-stone-600" role="status">
        <Spinner className="size-4 text-brand-700" /> Loading…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{DEVICES_LOAD_FAILED}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return <p className="rounded-xl border border-stone-200 p-4 text-sm text-stone-600">No device is signed in.</p>;
  }
  return (
    <ul aria-label="Signed-in devices" className="divide-y divide-stone-200 rounded-xl border border-stone-200">
      {query.data.map((device) => (
        <DeviceRow key={device.token} device={device} onSignOut={() => onSignOut(device)} />
      ))}
    </ul>
  );
}

function DeviceRow({ device, onSignOut }: { device: SignedInDevice; onSignOut: () => void }) {
  const now = useNow();
  const { name, kind } = describeDevice(device.userAgent);
  const Icon = DEVICE_ICONS[kind];
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-stone-900">
            {name}
            {device.isThisDevice && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
                This device
              </span>
            )}
          </p>
          <p className="text-sm break-words text-stone-600">
            {device.ipAddress && <>IP {device.ipAddress} · </>}
            Signed in{' '}
            <time dateTime={device.signedInAt} title={formatDateTime(device.signedInAt)}>
              {formatTimeAgo(device.signedInAt, now)}
            </time>
          </p>
        </div>
      </div>
      {!device.isThisDevice && (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start max-sm:ml-8 sm:self-auto"
          aria-label={`Sign out ${name}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
