import type { Language } from '@shared/domain/languages';
import { normalizeDishName } from '../ordering/text';

/**
 * Common food words in the four languages, so a dish can be asked for in another language than the one its menu
 * name is written in: "dos burritos de pollo" is "Chicken Burrito", "鸡肉汉堡" is "Chicken Burger". The first word
 * of each language is the one a spoken phrase is translated into; the owner's own aliases come first in matching.
 */
// prettier-ignore
export const GLOSSARY: readonly Record<Language, readonly string[]>[] = [
  { en: ['chicken'], es: ['pollo'], fr: ['poulet'], zh: ['鸡肉', '鸡'] },
  { en: ['beef', 'steak'], es: ['res', 'carne de res', 'ternera', 'carne asada', 'bistec'], fr: ['bœuf', 'boeuf', 'steak'], zh: ['牛肉', '牛排', '牛'] },
  { en: ['pork'], es: ['cerdo', 'puerco', 'carnitas'], fr: ['porc'], zh: ['猪肉', '猪'] },
  { en: ['lamb'], es: ['cordero'], fr: ['agneau'], zh: ['羊肉', '羊'] },
  { en: ['duck'], es: ['pato'], fr: ['canard'], zh: ['鸭肉', '鸭'] },
  { en: ['fish'], es: ['pescado'], fr: ['poisson'], zh: ['鱼'] },
  { en: ['shrimp', 'prawns', 'prawn'], es: ['camarones', 'camarón', 'gambas'], fr: ['crevettes', 'crevette'], zh: ['虾仁', '虾'] },
  { en: ['tofu'], es: ['tofu'], fr: ['tofu'], zh: ['豆腐'] },
  { en: ['egg', 'eggs'], es: ['huevo', 'huevos'], fr: ['œuf', 'œufs', 'oeuf', 'oeufs'], zh: ['鸡蛋', '蛋'] },
  { en: ['vegetable', 'vegetables', 'veggie', 'veggies'], es: ['verduras', 'vegetales'], fr: ['légumes'], zh: ['蔬菜', '素菜'] },
  { en: ['fried rice'], es: ['arroz frito'], fr: ['riz frit', 'riz sauté'], zh: ['炒饭'] },
  { en: ['rice'], es: ['arroz'], fr: ['riz'], zh: ['米饭', '饭'] },
  { en: ['noodles', 'noodle'], es: ['fideos', 'tallarines'], fr: ['nouilles'], zh: ['面条', '面'] },
  { en: ['soup'], es: ['sopa', 'caldo'], fr: ['soupe', 'potage'], zh: ['汤'] },
  { en: ['salad'], es: ['ensalada'], fr: ['salade'], zh: ['沙拉', '色拉'] },
  { en: ['pizza'], es: ['pizza'], fr: ['pizza'], zh: ['披萨', '比萨'] },
  { en: ['burger', 'hamburger'], es: ['hamburguesa'], fr: ['hamburger', 'burger'], zh: ['汉堡包', '汉堡'] },
  { en: ['fries', 'french fries', 'chips'], es: ['papas fritas', 'patatas fritas', 'papas'], fr: ['frites'], zh: ['薯条'] },
  { en: ['cheese'], es: ['queso'], fr: ['fromage'], zh: ['奶酪', '芝士'] },
  { en: ['dumplings', 'dumpling'], es: ['empanadillas', 'dumplings'], fr: ['raviolis', 'ravioli'], zh: ['饺子', '水饺'] },
  { en: ['spring rolls', 'spring roll'], es: ['rollitos de primavera'], fr: ['rouleaux de printemps', 'nems'], zh: ['春卷'] },
  { en: ['sandwich'], es: ['sándwich', 'sandwich', 'torta'], fr: ['sandwich'], zh: ['三明治'] },
  { en: ['bread'], es: ['pan'], fr: ['pain'], zh: ['面包'] },
  { en: ['green tea'], es: ['té verde'], fr: ['thé vert'], zh: ['绿茶'] },
  { en: ['milk tea', 'bubble tea'], es: ['té con leche'], fr: ['thé au lait'], zh: ['奶茶'] },
  { en: ['tea'], es: ['té'], fr: ['thé'], zh: ['茶'] },
  { en: ['coffee'], es: ['café'], fr: ['café'], zh: ['咖啡'] },
  { en: ['water'], es: ['agua'], fr: ['eau'], zh: ['水', '矿泉水'] },
  { en: ['juice'], es: ['jugo', 'zumo'], fr: ['jus'], zh: ['果汁'] },
  { en: ['milk'], es: ['leche'], fr: ['lait'], zh: ['牛奶'] },
  { en: ['lemonade'], es: ['limonada'], fr: ['limonade'], zh: ['柠檬水'] },
  { en: ['soda', 'soft drink', 'coke', 'cola'], es: ['refresco', 'soda'], fr: ['soda', 'boisson gazeuse'], zh: ['汽水', '可乐'] },
  { en: ['beer'], es: ['cerveza'], fr: ['bière'], zh: ['啤酒'] },
  { en: ['wine'], es: ['vino'], fr: ['vin'], zh: ['葡萄酒', '红酒'] },
  { en: ['cake'], es: ['pastel', 'tarta', 'torta de cumpleaños'], fr: ['gâteau', 'gâteaux'], zh: ['蛋糕'] },
  { en: ['ice cream'], es: ['helado'], fr: ['glace'], zh: ['冰淇淋', '雪糕'] },
  { en: ['chocolate'], es: ['chocolate'], fr: ['chocolat'], zh: ['巧克力'] },
  { en: ['tacos al pastor', 'al pastor tacos'], es: ['tacos al pastor'], fr: ['tacos al pastor'], zh: ['烤肉塔可'] },
  { en: ['taco', 'tacos'], es: ['taco', 'tacos'], fr: ['taco', 'tacos'], zh: ['塔可', '墨西哥卷'] },
  { en: ['burrito'], es: ['burrito'], fr: ['burrito'], zh: ['墨西哥卷饼', '卷饼'] },
  { en: ['quesadilla'], es: ['quesadilla'], fr: ['quesadilla'], zh: ['墨西哥薄饼'] },
  { en: ['curry'], es: ['curry'], fr: ['curry'], zh: ['咖喱'] },
  { en: ['sauce'], es: ['salsa'], fr: ['sauce'], zh: ['酱'] },
  { en: ['spicy'], es: ['picante'], fr: ['épicé'], zh: ['辣'] },
  { en: ['fried'], es: ['frito', 'frita'], fr: ['frit', 'frite'], zh: ['炸'] },
  { en: ['grilled', 'roast', 'roasted'], es: ['asado', 'a la parrilla'], fr: ['grillé', 'rôti'], zh: ['烤'] },
  { en: ['onion', 'onions'], es: ['cebolla'], fr: ['oignon', 'oignons'], zh: ['洋葱'] },
  { en: ['mushroom', 'mushrooms'], es: ['champiñones', 'hongos'], fr: ['champignons'], zh: ['蘑菇'] },
  { en: ['dessert'], es: ['postre'], fr: ['dessert'], zh: ['甜点'] },
];

/** Words dropped from a translated phrase: "burritos de pollo" → "burrito chicken". */
const LINKING_WORDS = new Set([
  'de',
  'del',
  'al',
  'a',
  'con',
  'la',
  'el',
  'los',
  'las',
  'the',
  'with',
  'of',
  'au',
  'aux',
  'du',
  'des',
  'le',
  'les',
  'avec',
  'd',
  'l',
  'en',
  '的',
]);

const isCjk = (text: string) => /\p{Script=Han}/u.test(text);

/** A spoken word's rough plural forms, so "burritos", "gâteaux" and "frites" find their glossary word. */
const inflections = (word: string) => [word, `${word}s`, `${word}es`, `${word}x`];

/** Per language: normalized word or phrase (space-separated, or Chinese characters) → its glossary entry. */
const INDEX = new Map<Language, Map<string, Record<Language, readonly string[]>>>();
for (const entry of GLOSSARY) {
  for (const [language, words] of Object.entries(entry) as [Language, readonly string[]][]) {
    const index = INDEX.get(language) ?? new Map<string, Record<Language, readonly string[]>>();
    INDEX.set(language, index);
    for (const word of words) {
      const normalized = normalizeDishName(word);
      const forms = isCjk(normalized) ? [normalized] : inflections(normalized);
      for (const form of forms) if (!index.has(form)) index.set(form, entry);
    }
  }
}
const LONGEST = Math.max(
  ...[...INDEX.values()].flatMap((index) => [...index.keys()].map((k) => (isCjk(k) ? 1 : k.split(' ').length))),
);

/** Every Chinese glossary word, longest first, for segmenting Chinese text. */
export const CHINESE_GLOSSARY_WORDS: readonly string[] = [...(INDEX.get('zh')?.keys() ?? [])].sort(
  (a, b) => b.length - a.length,
);

/**
 * Every way the glossary says what this word or phrase (normalized) means, in all four languages ("eau": water,
 * agua, eau, 水 …), or none when it is not in the glossary.
 */
export function glossaryForms(phrase: string, source: Language): string[] {
  const entry = INDEX.get(source)?.get(phrase);
  if (!entry) return [];
  return [
    ...new Set(
      Object.values(entry)
        .flat()
        .map(normalizeDishName)
        .flatMap((w) => (isCjk(w) ? [w] : inflections(w))),
    ),
  ];
}

/**
 * The phrase (normalized words; Chinese words as segmented) said in `source`, said again in `target` word by word:
 * glossary words and phrases are replaced, linking words dropped, anything else kept. Null when no glossary word
 * was found, since the phrase then reads the same in every language.
 */
export function translatePhrase(words: readonly string[], source: Language, target: Language): string | null {
  const index = INDEX.get(source);
  if (!index) return null;
  const out: string[] = [];
  let found = false;
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let length = Math.min(LONGEST, words.length - i); length >= 1 && !matched; length--) {
      const entry = index.get(words.slice(i, i + length).join(' '));
      if (entry) {
        out.push(normalizeDishName(entry[target][0]!));
        matched = length;
      }
    }
    if (matched) {
      found = true;
      i += matched;
      continue;
    }
    if (!LINKING_WORDS.has(words[i]!)) {
      // Chinese has no room for a word it does not know: "奶酪 on 鸡肉" is no way to say anything.
      if (target === 'zh' && !isCjk(words[i]!)) return null;
      out.push(words[i]!);
    }
    i++;
  }
  if (!found) return null;
  return out.reduce(
    (text, word) => (text && !(isCjk(word) && isCjk(text.at(-1)!)) ? `${text} ${word}` : text + word),
    '',
  );
}

/** Every way `target` says the glossary word `word` (normalized, in any language): "pollo" in English is "chicken". */
export function formsIn(word: string, target: Language): string[] {
  const forms = new Set<string>();
  for (const index of INDEX.values()) {
    for (const form of index.get(word)?.[target] ?? []) forms.add(normalizeDishName(form));
  }
  return [...forms];
}
