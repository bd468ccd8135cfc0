import { stringify } from 'csv-stringify/sync';
import { ADMIN_EXPORT_MAX_ROWS, type AdminUser, type AdminUsersView } from '@shared/contracts/admin';
import { accountStatusLabel, onboardingLabel, PHONE_STATUS_LABELS } from '@shared/domain/account-status';
import type { Database } from '../../db/client';
import { readAccountsInOrder, toAdminUser } from './admin-users.query';

export const EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Restaurant',
  'Status',
  'Trial ends',
  'Onboarding',
  'Phone',
  'Last order',
  'Signed up',
] as const;

function exportRow(account: AdminUser): string[] {
  return [
    account.name,
    account.email,
    account.restaurantName ?? '',
    accountStatusLabel(account, (date) => date.slice(0, 10)),
    account.trialEndsAt ?? '',
    onboardingLabel(account),
    PHONE_STATUS_LABELS[account.phoneStatus],
    account.lastOrderAt ?? '',
    account.createdAt,
  ];
}

/** The file's name, dated the day it was made (UTC). */
export const exportFileName = (now: Date) => `pickupline-users-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Every account in the view (search, filter, sort), up to ADMIN_EXPORT_MAX_ROWS, as CSV, with how many accounts it holds. A cell that a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) is written with a leading quote mark.
 */
export async function exportAdminUsersCsv(db: Database, view: AdminUsersView, now: Date = new Date()) {
  const rows = await readAccountsInOrder(db, view, { cursor: null, limit: ADMIN_EXPORT_MAX_ROWS, now });
  const csv = stringify([[...EXPORT_COLUMNS], ...rows.map((row) => exportRow(toAdminUser(row, now)))], {
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  return { csv, rows: rows.length };
}
