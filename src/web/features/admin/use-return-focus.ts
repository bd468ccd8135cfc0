import { useCallback, useEffect, useRef } from 'react';

/**
 * Hands focus back to the button that opened a confirmation once it closes. The confirmation is opened from state
 * rather than from a Radix trigger, so Radix has nothing to return focus to by itself. The focus moves a tick after
 * the close, once Radix has finished its own.
 */
export function useReturnFocus(isOpen: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);

  useEffect(() => {
    const element = opener.current;
    if (isOpen || !element) return;
    opener.current = null;
    const timer = setTimeout(() => {
      if (element.isConnected) element.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [isOpen]);

  return remember;
}
