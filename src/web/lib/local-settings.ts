import { useCallback, useSyncExternalStore } from 'react';

const ALLOW_CUSTOM_ORDERS = 'allowCustomOrders';

/** Browser-local setting from the spec: 'true' / 'false', never sent to the server. Defaults to allowed. */
export const allowCustomOrders = {
  get: () => localStorage.getItem(ALLOW_CUSTOM_ORDERS) !== 'false',
  set: (allowed: boolean) => localStorage.setItem(ALLOW_CUSTOM_ORDERS, allowed ? 'true' : 'false'),
};

/**
 * A yes/no choice for this device only (the kitchen tablet and the owner's phone may differ), kept in localStorage:
 * every tab of the browser reads the same value and follows another tab's change.
 */
export interface DeviceSetting {
  key: string;
  get: () => boolean;
  set: (value: boolean) => void;
  subscribe: (listener: () => void) => () => void;
}

export function deviceSetting(key: string, defaultValue: boolean): DeviceSetting {
  const listeners = new Set<() => void>();
  const read = () => {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? defaultValue : stored === 'true';
    } catch {
      return defaultValue;
    }
  };
  return {
    key,
    get: read,
    set: (value) => {
      try {
        localStorage.setItem(key, value ? 'true' : 'false');
      } catch {
        // Storage refused (private mode, full): the choice lasts until the page closes.
      }
      for (const notify of listeners) notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** The current value of a device setting and a setter, re-rendering when it changes here or in another tab. */
export function useDeviceSetting(setting: DeviceSetting) {
  const value = useSyncExternalStore(setting.subscribe, setting.get, setting.get);
  const set = useCallback((next: boolean) => setting.set(next), [setting]);
  return [value, set] as const;
}

/** The new-order chime is silenced on this device. */
export const chimeMuted = deviceSetting('pickupline.chimeMuted', false);

/** The chime repeats while a new order waits for someone to acknowledge it. */
export const repeatNewOrderAlert = deviceSetting('pickupline.repeatNewOrderAlert', false);

/** Each new order's kitchen ticket is printed as it arrives (a kitchen tablet with a receipt printer). */
export const autoPrintNewOrders = deviceSetting('pickupline.autoPrintNewOrders', false);
