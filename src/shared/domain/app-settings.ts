import { TRIAL_DAYS } from '../product';
import { DEFAULT_ORDER_CAPS } from './orders';

/**
 * Settings an administrator changes on a running service (/admin/settings), kept in the database. Until one is
 * saved, the built-in defaults apply.
 */
export interface AppSettings {
  /** Trial length in days for accounts created from now on. */
  trialDays: number;
  /** The phone assistant's caps on an order, for restaurants that have not set their own. */
  maxQuantityPerLine: number;
  maxLines: number;
  maxTotalCents: number;
}

export const DEFAULT_APP_SETTINGS: AppSettings = {
  trialDays: TRIAL_DAYS,
  ...DEFAULT_ORDER_CAPS,
};

/** The range each setting may take; the form, the API and the database check share it. */
export const APP_SETTING_LIMITS: Record<keyof AppSettings, { min: number; max: number }> = {
  trialDays: { min: 1, max: 90 },
  maxQuantityPerLine: { min: 1, max: 500 },
  maxLines: { min: 1, max: 100 },
  // $1 to $10,000.
  maxTotalCents: { min: 100, max: 1_000_000 },
};
