import type { MenuItem } from '../../src/shared/contracts/restaurant';

/**
 * The largest menu an owner can build today, for the order-taking benchmarks: 200 dishes with 10 other names each
 * and 6 option groups of 12 choices, and a 1,000-character turn naming several of them with options.
 */

const WORDS = [
  'smoky',
  'golden',
  'crispy',
  'garden',
  'harbor',
  'rustic',
  'spicy',
  'velvet',
  'sunset',
  'maple',
  'island',
  'royal',
  'country',
  'alpine',
  'coastal',
  'urban',
  'midnight',
  'classic',
  'wild',
  'tender',
];
const FOODS = ['burger', 'taco', 'bowl', 'wrap', 'salad', 'pizza', 'noodles', 'curry', 'sandwich', 'platter'];
const CHOICES = [
  'pickles',
  'onions',
  'peppers',
  'olives',
  'bacon',
  'cheddar',
  'avocado',
  'jalapenos',
  'tomato',
  'spinach',
  'mushrooms',
  'pineapple',
];

export function largeMenu(dishes = 200): MenuItem[] {
  return Array.from({ length: dishes }, (_, i) => {
    const name = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${FOODS[i % FOODS.length]} ${i}`;
    return {
      id: `dish-${i}`,
      name,
      aliases: Array.from(
        { length: 10 },
        (_, a) => `${WORDS[(i + a) % WORDS.length]} ${FOODS[(i + a) % FOODS.length]} number ${i}${a}`,
      ),
      description: null,
      priceCents: 900 + i,
      preparationTime: 15,
      isAvailable: true,
      categoryId: null,
      options: Array.from({ length: 6 }, (_, g) => ({
        name: `Group ${g + 1}`,
        required: g === 0,
        multiple: g > 1,
        choices: Array.from({ length: 12 }, (_, c) => ({
          name:
            g === 0
              ? ['Small', 'Medium', 'Large', 'Extra Large'][c % 4]! + (c >= 4 ? ` ${c}` : '')
              : `${CHOICES[c]} ${g}`,
          priceDeltaCents: c * 25,
        })),
      })),
    };
  });
}

/** About 1,000 characters of ordering: several dishes, quantities, options, negations, fillers. */
export function longTurn(menu: readonly MenuItem[]): string {
  const parts: string[] = [];
  for (let i = 0; parts.join(' ').length < 950; i += 17) {
    const dish = menu[i % menu.length]!;
    parts.push(
      `and two large ${dish.name.toLowerCase()} with ${CHOICES[i % 12]} 3 but no ${CHOICES[(i + 5) % 12]} 4 please`,
    );
  }
  return `hi, um, I would like ${parts.join(', ')}`.slice(0, 1000);
}
