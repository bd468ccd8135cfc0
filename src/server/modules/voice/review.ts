import { normalizeDishName } from './menu-match';

/**
 * Words that mean a caller mentioned an allergy or intolerance, in the four languages the assistant speaks. The
 * kitchen must see such an order before making it, so it is flagged for review.
 */
// prettier-ignore
const ALLERGY_WORDS = [
  // English
  'allergy', 'allergies', 'allergic', 'anaphylaxis', 'epipen', 'peanut', 'peanuts', 'tree nut', 'nut free', 'gluten',
  'celiac', 'coeliac', 'lactose', 'dairy free', 'shellfish', 'sesame',
  // Spanish
  'alergia', 'alergias', 'alergico', 'alergica', 'cacahuate', 'cacahuete', 'mani', 'frutos secos', 'celiaco',
  'celiaca', 'lactosa', 'mariscos', 'sin gluten',
  // French
  'allergie', 'allergies', 'allergique', 'arachide', 'arachides', 'cacahuete', 'fruits a coque', 'coeliaque',
  'intolerance', 'sans gluten', 'fruits de mer',
];
const ALLERGY_WORDS_ZH = ['过敏', '花生', '坚果', '麸质', '乳糖', '海鲜', '芝麻'];

/** True when the text mentions an allergy or intolerance in English, Spanish, French or Chinese. */
export function mentionsAllergy(text: string): boolean {
  if (ALLERGY_WORDS_ZH.some((w) => text.includes(w))) return true;
  const padded = ` ${normalizeDishName(text)} `;
  return ALLERGY_WORDS.some((w) => padded.includes(` ${w} `));
}
