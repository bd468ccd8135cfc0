import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { usePhoneSystem } from '@web/lib/queries/phone-system';

const AWAITING_KEY = 'pickupline.awaitingPhoneSetup';

/** Called when the owner starts a phone system setup (finishing onboarding, or a retry from settings). */
export function markAwaitingPhoneSetup() {
  sessionStorage.setItem(AWAITING_KEY, 'true');
}

/**
 * Setting up the phone system runs in the background. While the owner is waiting for one they started, we poll
 * and tell them once how it went, however fast it finished.
 */
export function usePhoneSystemWatcher() {
  const status = usePhoneSystem().data?.status;

  useEffect(() => {
    if (sessionStorage.getItem(AWAITING_KEY) !== 'true') return;
    if (status === 'active') {
      sessionStorage.removeItem(AWAITING_KEY);
      toast.success('Phone system set up successfully!');
    } else if (status === 'failed') {
      sessionStorage.removeItem(AWAITING_KEY);
      toast.error('Failed to set up your phone system. Our team will contact you to complete the setup.');
    }
  }, [status]);
}
