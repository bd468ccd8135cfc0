import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { usePhoneSystem } from './setup-api';

/**
 * Setting up the phone system runs in the background after onboarding. While it is pending we poll, and tell the
 * owner once how it went.
 */
export function usePhoneSystemWatcher() {
  const query = usePhoneSystem({ refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false) });
  const previous = useRef<string | undefined>(undefined);
  const status = query.data?.status;

  useEffect(() => {
    if (previous.current === 'pending' && status === 'active') {
      toast.success('Phone system set up successfully!');
    } else if (previous.current === 'pending' && status === 'failed') {
      toast.error('Failed to set up your phone system. Our team will contact you to complete the setup.');
    }
    previous.current = status;
  }, [status]);
}
