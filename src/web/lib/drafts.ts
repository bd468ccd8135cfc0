import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'pickupline.draft.';

/**
 * Form state that (with a key) survives Back, a reload and a remount, until it is saved. Kept in sessionStorage: it is this
 * tab's unsaved typing, not data, and it is gone when the tab closes.
 */
export function useDraft<T>(key: string | null, initial: T): [T, (next: T | ((prev: T) => T)) => void, () => void] {
  const storageKey = key ? PREFIX + key : null;
  const [value, setValue] = useState<T>(() => {
    const stored = storageKey ? sessionStorage.getItem(storageKey) : null;
    if (stored) {
      try {
        return JSON.parse(stored) as T;
      } catch {
        sessionStorage.removeItem(storageKey!);
      }
    }
    return initial;
  });

  useEffect(() => {
    if (storageKey) sessionStorage.setItem(storageKey, JSON.stringify(value));
  }, [storageKey, value]);

  const clear = useCallback(() => {
    if (storageKey) sessionStorage.removeItem(storageKey);
  }, [storageKey]);
  return [value, setValue, clear];
}

export function clearAllDrafts() {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
}
