import { multiplyCents, sumCents, type Cents } from './money';

/**
 * A choice the caller makes for a dish ("Size: Small / Large +$3.00", "Extras: cheese +$1.00"). Stored with the menu
 * item; the chosen ones are copied onto the order line with their price change, so later menu edits never change a
 * placed order.
 */
export interface MenuOptionGroup {
  name: string;
  /** The caller must pick one (a size); otherwise the group is optional extras. */
  required: boolean;
  /** Several choices may be taken together (extras); a required group takes exactly one. */
  multiple: boolean;
  choices: MenuOptionChoice[];
}

export interface MenuOptionChoice {
  name: string;
  /** Added to the item's price for each unit; may be 0. */
  priceDeltaCents: Cents;
}

/** One option chosen on an order line. */
export interface ChosenOption {
  group: string;
  choice: string;
  priceDeltaCents: Cents;
}

export const MENU_OPTION_LIMITS = {
  groupsPerItem: 6,
  choicesPerGroup: 12,
  nameLength: 40,
  /** A price change of at most $100 either way. */
  maxDeltaCents: 10_000,
} as const;

/** A required group takes exactly one choice; an optional one at most one, or any number when `multiple`. */
export const maxChoicesOf = (group: Pick<MenuOptionGroup, 'required' | 'multiple'>) =>
  group.required || !group.multiple ? 1 : Infinity;

/** The chosen options as a kitchen reads them: 'Large, Extra cheese'. */
export function describeChosenOptions(options: readonly Pick<ChosenOption, 'choice'>[]): string {
  return options.map((o) => o.choice).join(', ');
}

/** 'Carnitas Burrito (Large, Extra cheese)', or the name alone when nothing was chosen. */
export function nameWithOptions(name: string, options: readonly Pick<ChosenOption, 'choice'>[]): string {
  return options.length > 0 ? `${name} (${describeChosenOptions(options)})` : name;
}

/**
 * The least a dish can cost with its options: each required group at its cheapest choice, and every optional choice
 * that takes money off. Never below 0 for a menu the API accepted.
 */
export function lowestUnitPrice(priceCents: Cents, groups: readonly MenuOptionGroup[]): Cents {
  let total = priceCents;
  for (const group of groups) {
    const deltas = group.choices.map((c) => c.priceDeltaCents);
    if (deltas.length === 0) continue;
    if (group.required) total += Math.min(...deltas);
    else if (group.multiple) total += deltas.filter((d) => d < 0).reduce((sum, d) => sum + d, 0);
    else total += Math.min(0, ...deltas);
  }
  return total;
}

/** A dish's price with the price changes of the options chosen: the one place a unit price is worked out. */
export function unitPriceWithOptions(
  priceCents: Cents,
  options: readonly Pick<ChosenOption, 'priceDeltaCents'>[],
): Cents {
  return sumCents([priceCents, ...options.map((o) => o.priceDeltaCents)]);
}

/** What lines come to: each unit price times its quantity. The one place an order's total is worked out. */
export function orderTotal(lines: readonly { unitPriceCents: Cents; quantity: number }[]): Cents {
  return sumCents(lines.map((l) => multiplyCents(l.unitPriceCents, l.quantity)));
}
