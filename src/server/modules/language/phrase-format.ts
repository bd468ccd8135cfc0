import { formatCents, type Cents } from '@shared/domain/money';

/** A price as the tools say it: '$12.50'. */
export const money = (cents: Cents) => formatCents(cents);
/** 'Size' → 'size' inside a sentence; a name in capitals ('XL') stays as it is. */
export const lower = (name: string) =>
  name === name.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1);
