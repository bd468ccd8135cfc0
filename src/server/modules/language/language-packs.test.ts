import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/domain/languages';
import { normalizeDishName } from '../ordering/text';
import { analyse } from '../test-calls/utterance';
import { translatePhrase } from './glossary';
import { detectLanguage, PACKS } from '.';
import { parseChineseNumber, readNumber } from '../ordering/numbers';

const words = (text: string) => normalizeDishName(text).split(' ');
const numberIn = (language: Language, text: string) => readNumber(words(text), 0, PACKS[language]);

describe('number words', () => {
  it.each([
    ['one', 1],
    ['a', 1],
    ['two', 2],
    ['seven', 7],
    ['twelve', 12],
    ['fifteen', 15],
    ['twenty', 20],
    ['twenty one', 21],
    ['a dozen', 12],
    ['dozen', 12],
    ['two dozen', 24],
    ['half a dozen', 6],
    ['a couple of', 2],
    ['a hundred', 100],
    ['two hundred and five', 205],
    ['500', 500],
  ])('English: "%s" is %i', (text, value) => {
    expect(numberIn('en', text)?.value).toBe(value);
  });

  it.each([
    ['uno', 1],
    ['una', 1],
    ['dos', 2],
    ['diez', 10],
    ['quince', 15],
    ['dieciséis', 16],
    ['veinte', 20],
    ['veintiuno', 21],
    ['treinta y dos', 32],
    ['una docena', 12],
    ['media docena', 6],
    ['dos docenas', 24],
    ['cien', 100],
    ['ciento veinte', 120],
    ['mil', 1000],
  ])('Spanish: "%s" is %i', (text, value) => {
    expect(numberIn('es', text)?.value).toBe(value);
  });

  it.each([
    ['un', 1],
    ['une', 1],
    ['deux', 2],
    ['neuf', 9],
    ['douze', 12],
    ['dix-sept', 17],
    ['vingt', 20],
    ['vingt et un', 21],
    ['soixante-dix', 70],
    ['quatre-vingt-dix', 90],
    ['une douzaine', 12],
    ['deux douzaines', 24],
    ['une demi-douzaine', 6],
    ['cent', 100],
  ])('French: "%s" is %i', (text, value) => {
    expect(numberIn('fr', text)?.value).toBe(value);
  });

  it.each([
    ['一', 1],
    ['二', 2],
    ['两', 2],
    ['俩', 2],
    ['五', 5],
    ['十', 10],
    ['十二', 12],
    ['二十', 20],
    ['二十五', 25],
    ['一百', 100],
    ['一百零五', 105],
    ['两千', 2000],
    ['12', 12],
    ['１２', 12],
  ])('Chinese: %s is %i', (text, value) => {
    expect(parseChineseNumber(text)).toBe(value);
  });

  it('reads how many words a number takes, and stops at the next number or word', () => {
    expect(numberIn('en', 'two tacos')).toEqual({ value: 2, length: 1 });
    expect(numberIn('en', 'twenty one tacos')).toEqual({ value: 21, length: 2 });
    expect(numberIn('en', 'two three')).toEqual({ value: 2, length: 1 });
    expect(numberIn('es', 'dos y una horchata')).toEqual({ value: 2, length: 1 });
    expect(numberIn('en', 'tacos')).toBeNull();
    expect(parseChineseNumber('饺子')).toBeNull();
  });

  it('reads Chinese quantities with their measure word, and "一打" as a dozen', () => {
    const menu = [
      {
        id: 'j',
        name: '饺子',
        aliases: [],
        description: null,
        priceCents: 100,
        preparationTime: 1,
        isAvailable: true,
        categoryId: null,
        options: [],
      },
    ];
    const quantity = (text: string) => {
      const [action] = analyse(text, PACKS.zh, menu).actions;
      return action?.kind === 'add' ? action.quantity : null;
    };
    expect(quantity('两份饺子')).toBe(2);
    expect(quantity('一打饺子')).toBe(12);
    expect(quantity('半打饺子')).toBe(6);
    expect(quantity('来十个饺子')).toBe(10);
    expect(quantity('饺子')).toBeNull();
  });
});

describe('yes and no', () => {
  const answer = (language: Language, text: string) => {
    const { yes, no } = analyse(text, PACKS[language], []);
    return yes ? 'yes' : no ? 'no' : null;
  };

  it.each<[Language, string, 'yes' | 'no' | null]>([
    ['en', 'yes', 'yes'],
    ['en', 'Yes, please.', 'yes'],
    ['en', 'yeah', 'yes'],
    ['en', 'sure', 'yes'],
    ['en', "that's right", 'yes'],
    ['en', 'go ahead', 'yes'],
    ['en', 'no', 'no'],
    ['en', 'No thanks', 'no'],
    ['en', "no, that's all", 'no'],
    ['en', 'nope', 'no'],
    ['en', 'no onions', null],
    ['en', 'two tacos', null],
    ['es', 'sí', 'yes'],
    ['es', 'Sí, por favor', 'yes'],
    ['es', 'claro', 'yes'],
    ['es', 'de acuerdo', 'yes'],
    ['es', 'vale', 'yes'],
    ['es', 'no', 'no'],
    ['es', 'no, gracias', 'no'],
    ['es', 'no es correcto', 'no'],
    ['es', 'sin cebolla', null],
    ['fr', 'oui', 'yes'],
    ['fr', "oui, s'il vous plaît", 'yes'],
    ['fr', "d'accord", 'yes'],
    ['fr', 'ouais', 'yes'],
    ['fr', 'non', 'no'],
    ['fr', 'non merci', 'no'],
    ['fr', 'sans oignons', null],
    ['zh', '对', 'yes'],
    ['zh', '是的', 'yes'],
    ['zh', '好的', 'yes'],
    ['zh', '可以', 'yes'],
    ['zh', '不用了', 'no'],
    ['zh', '不是', 'no'],
    ['zh', '没有', 'no'],
    ['zh', '不要葱', null],
  ])('%s: "%s" is %s', (language, text, expected) => {
    expect(answer(language, text)).toBe(expected);
  });
});

describe('politeness, done and goodbye', () => {
  it.each<[Language, string, 'done' | 'goodbye' | 'thanks' | 'transfer']>([
    ['en', "that's all", 'done'],
    ['en', 'that will be all, thank you', 'done'],
    ['en', 'bye', 'goodbye'],
    ['en', 'thank you so much', 'thanks'],
    ['en', 'can I talk to a manager', 'transfer'],
    ['en', 'let me speak to someone', 'transfer'],
    ['es', 'eso es todo', 'done'],
    ['es', 'nada más, gracias', 'done'],
    ['es', 'adiós', 'goodbye'],
    ['es', 'muchas gracias', 'thanks'],
    ['es', 'quiero hablar con alguien', 'transfer'],
    ['fr', "c'est tout", 'done'],
    ['fr', 'ce sera tout', 'done'],
    ['fr', 'au revoir', 'goodbye'],
    ['fr', 'merci beaucoup', 'thanks'],
    ['fr', "je voudrais parler à quelqu'un", 'transfer'],
    ['zh', '就这些', 'done'],
    ['zh', '没有了', 'done'],
    ['zh', '再见', 'goodbye'],
    ['zh', '谢谢', 'thanks'],
    ['zh', '转人工', 'transfer'],
    ['zh', '我要找人', 'transfer'],
  ])('%s: "%s" is %s', (language, text, intent) => {
    expect(analyse(text, PACKS[language], [])[intent]).toBe(true);
  });

  it('does not take a person in a custom request for a transfer', () => {
    expect(analyse('a cake for twelve people', PACKS.en, []).transfer).toBe(false);
    expect(analyse('一个生日蛋糕，十二个人的', PACKS.zh, []).transfer).toBe(false);
  });
});

describe('the glossary', () => {
  it('says a dish phrase again in another language, word by word', () => {
    expect(translatePhrase(words('burritos de pollo'), 'es', 'en')).toBe('burrito chicken');
    expect(translatePhrase(words('burgers au poulet'), 'fr', 'en')).toBe('burger chicken');
    expect(translatePhrase(words('papas fritas'), 'es', 'en')).toBe('fries');
    expect(translatePhrase(['鸡肉', '汉堡'], 'zh', 'en')).toBe('chicken burger');
    expect(translatePhrase(words('chicken burger'), 'en', 'zh')).toBe('鸡肉汉堡包');
    expect(translatePhrase(words('beef noodles'), 'en', 'fr')).toBe('bœuf nouilles');
  });

  it('gives nothing when no glossary word is in the phrase, or when Chinese would be left with a foreign word', () => {
    expect(translatePhrase(words('margherita'), 'en', 'es')).toBeNull();
    expect(translatePhrase(words('cheese on the side'), 'en', 'zh')).toBeNull();
  });
});

describe('detectLanguage', () => {
  it.each<[string, Language | null]>([
    ['Welcome to Casa Lupe! How can I help you today?', 'en'],
    ['¡Bienvenidos a Taquería El Sol! ¿Qué le sirvo hoy?', 'es'],
    ['Bonjour et bienvenue chez Marcel ! Que puis-je vous servir ?', 'fr'],
    ['您好，金龙餐厅，请问要点什么？', 'zh'],
    ['Casa Lupe!', null],
  ])('"%s" is %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});

describe('the order number, said again once the order is placed', () => {
  it.each([
    ['en', 'Your order, number 12, is placed. Is there anything else I can help with?'],
    ['es', 'Su pedido, número 12, ya está hecho. ¿Le puedo ayudar en algo más?'],
    ['fr', 'Votre commande, numéro 12, est passée. Puis-je vous aider pour autre chose ?'],
    ['zh', '您的订单（12号）已经下好了。还有什么可以帮您？'],
  ] as const)('%s', (language, sentence) => {
    expect(PACKS[language].say.alreadyPlaced(12)).toBe(sentence);
    // An order from before numbers existed is simply "placed".
    expect(PACKS[language].say.alreadyPlaced(null)).not.toMatch(/12|number|número|numéro/);
  });
});
