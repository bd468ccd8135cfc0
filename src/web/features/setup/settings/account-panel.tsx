import { useSession } from '@web/lib/session';
import { ChangePasswordForm } from './change-password-form';
import { SignedInDevices } from './signed-in-devices';

/** Settings → Account: the owner's password, and the devices signed in with it. */
export function AccountPanel() {
  const { me } = useSession();
  return (
    <div className="flex flex-col gap-8">
      <ChangePasswordForm email={me?.user.email ?? ''} />
      <hr className="border-stone-200" />
      <SignedInDevices />
    </div>
  );
}
