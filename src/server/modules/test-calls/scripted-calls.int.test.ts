import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListOrdersResponse, Order } from '@shared/contracts/orders';
import type { StartTestCallResponse, TestCallTurn } from '@shared/contracts/test-calls';
import type { Language } from '@shared/domain/languages';
import { createTestApp, type TestApp } from '../../../../tests/test-app';
import { botPreferences, menuItems, restaurantProfiles } from '../../db/schema';
import { openAroundTheClock } from '../../../../tests/open-hours';

/**
 * The built-in assistant's quality harness: scripted calls in English, Spanish, French and Chinese, driven through
 * the real test-call API, each with the outcome it must have — exactly the order (items, quantities, notes, name,
 * caller number) read back through GET /api/orders, or the right refusal or transfer and no order. The share of
 * calls that pass is printed per language and overall, and must be at least 95% in every language.
 */

const PASS_SHARE = 0.95;
const STAFF_LINE = '+14155550199';
const MAX_PER_ITEM = 20;

// ——— Restaurants ———

interface Dish {
  name: string;
  price: number;
  aliases?: string[];
  soldOut?: true;
}

interface RestaurantSpec {
  name: string;
  greeting: string;
  busyMessage: string;
  menu: Dish[];
}

const RESTAURANTS: Record<Language, RestaurantSpec> = {
  en: {
    name: 'Casa Lupe',
    greeting: 'Welcome to Casa Lupe! What can I get started for you?',
    busyMessage: 'We are slammed right now, please call back in twenty minutes.',
    menu: [
      { name: 'Margherita Pizza', price: 1250, aliases: ['pizza margarita'] },
      { name: 'Pepperoni Pizza', price: 1300 },
      { name: 'Carnitas Burrito', price: 1100, aliases: ['pork burrito'] },
      { name: 'Chicken Burrito', price: 1050 },
      { name: 'Fish Tacos', price: 900, aliases: ['tacos de pescado'] },
      { name: 'Horchata', price: 410 },
      { name: 'Churros', price: 500, soldOut: true },
      { name: 'Chicken Soup', price: 700 },
      { name: 'French Fries', price: 350 },
      { name: 'Cheeseburger', price: 950, aliases: ['cheese burger'] },
      { name: 'Green Tea', price: 300 },
    ],
  },
  es: {
    name: 'Taquería El Sol',
    greeting: '¡Bienvenidos a Taquería El Sol! ¿Qué le sirvo hoy?',
    busyMessage: 'En este momento tenemos muchos pedidos, por favor llame en veinte minutos.',
    menu: [
      { name: 'Tacos al Pastor', price: 950, aliases: ['pastor tacos'] },
      { name: 'Burrito de Carne Asada', price: 1200, aliases: ['steak burrito'] },
      { name: 'Chicken Burrito', price: 1050 },
      { name: 'Quesadilla de Queso', price: 800 },
      { name: 'Sopa de Tortilla', price: 750 },
      { name: 'Horchata', price: 400 },
      { name: 'Agua de Jamaica', price: 350, aliases: ['jamaica'] },
      { name: 'Pastel Tres Leches', price: 600, aliases: ['tres leches'] },
      { name: 'Flan', price: 500, soldOut: true },
      { name: 'Papas Fritas', price: 350 },
    ],
  },
  fr: {
    name: 'Chez Marcel',
    greeting: 'Bonjour et bienvenue chez Marcel ! Que puis-je vous servir ?',
    busyMessage: 'Nous sommes débordés, merci de rappeler dans vingt minutes.',
    menu: [
      { name: 'Croque Monsieur', price: 900, aliases: ['croque'] },
      { name: "Soupe à l'Oignon", price: 850 },
      { name: 'Steak Frites', price: 1800 },
      { name: 'Salade Niçoise', price: 1200 },
      { name: 'Crème Brûlée', price: 700 },
      { name: 'Café', price: 250, aliases: ['espresso'] },
      { name: 'Chicken Burger', price: 1300 },
      { name: 'Tarte Tatin', price: 750, soldOut: true },
      { name: 'Quiche Lorraine', price: 1000 },
      { name: 'Eau Minérale', price: 300 },
    ],
  },
  zh: {
    name: '金龙餐厅',
    greeting: '您好，金龙餐厅，请问要点什么？',
    busyMessage: '现在订单太多了，请二十分钟后再打来。',
    menu: [
      { name: '宫保鸡丁', price: 1400, aliases: ['Kung Pao Chicken'] },
      { name: '牛肉面', price: 1200, aliases: ['Beef Noodle Soup', '红烧牛肉面'] },
      { name: '猪肉饺子', price: 1000, aliases: ['Pork Dumplings', '饺子'] },
      { name: '扬州炒饭', price: 1100, aliases: ['Yangzhou Fried Rice'] },
      { name: '酸辣汤', price: 600, aliases: ['Hot and Sour Soup'] },
      { name: '奶茶', price: 500 },
      { name: 'Chicken Burger', price: 950 },
      { name: 'French Fries', price: 350 },
      { name: '春卷', price: 400, aliases: ['Spring Rolls'], soldOut: true },
      { name: '绿茶', price: 300 },
    ],
  },
};

/** open: around the clock every day. The others each break one thing. */
type RestaurantKind = 'open' | 'closed' | 'busy' | 'expired' | 'noCustom' | 'noStaff';

// ——— Scripts ———

/** What the caller says, optionally with what the reply must match; or the owner turning busy mode on mid-call. */
type Turn = string | [text: string, reply: RegExp] | { ownerTurnsBusyModeOn: true };

interface ExpectedOrder {
  /** name, quantity, notes (a RegExp when only part of the note is fixed). */
  items: [string, number, string | RegExp | null][];
  customerName: string | null;
  customText?: string;
  needsReview?: boolean;
}

interface Script {
  name: string;
  /** The call's language; the script counts under it. */
  language: Language;
  /**
   * Whose restaurant (by its menu's language) and how it is set up; default the call's language, open. `alone`: a
   * restaurant of its own, for a script that changes it.
   */
  restaurant?: { menu?: Language; kind?: RestaurantKind; alone?: true };
  greeting?: RegExp;
  /** An earlier call from the same number that places an order (for order-status scripts). */
  before?: string[];
  turns: Turn[];
  /** The order this call must have created, or null for none. */
  order: ExpectedOrder | null;
  transferred?: boolean;
  ended?: boolean;
}

const SCRIPTS: Script[] = [
  // ——— English ———
  {
    name: 'two pizzas and a drink, name, confirm, goodbye',
    language: 'en',
    greeting: /^Welcome to Casa Lupe! What can I get started for you\? This call may be recorded\.$/,
    turns: [
      ["Hi, I'd like two margherita pizzas and a horchata, please.", /Got it: 2 Margherita Pizza and 1 Horchata/],
      ["That's all.", /name/],
      ['My name is Dana.', /So that's 2 Margherita Pizza and 1 Horchata, for a total of \$29\.10\. Shall I place/],
      ['Yes, please.', /Thank you, Dana! Your order is placed/],
      ['Bye!', /Goodbye/],
    ],
    order: {
      items: [
        ['Margherita Pizza', 2, null],
        ['Horchata', 1, null],
      ],
      customerName: 'Dana',
    },
    ended: true,
  },
  {
    name: 'a note, then "actually make that two", then an extra-spicy item',
    language: 'en',
    turns: [
      'Can I get three fish tacos, no onions',
      ['actually make that two', /2 Fish Tacos \(no onions\)/],
      'and a chicken burrito, extra spicy',
      "that's it",
      'Maria',
      'yes',
    ],
    order: {
      items: [
        ['Fish Tacos', 2, 'no onions'],
        ['Chicken Burrito', 1, 'extra spicy'],
      ],
      customerName: 'Maria',
    },
  },
  {
    name: 'how many? a bare quantity, then removing an item',
    language: 'en',
    turns: [
      ["I'll have the carnitas burrito", /How many Carnitas Burrito/],
      ['two', /2 Carnitas Burrito/],
      'and a horchata',
      ['actually, remove the horchata', /removed Horchata/],
      "that's all",
      ["it's Sam", /2 Carnitas Burrito, for a total of \$22\.00/],
      'yes',
    ],
    order: { items: [['Carnitas Burrito', 2, null]], customerName: 'Sam' },
  },
  {
    name: 'the menu and a price, then ordering',
    language: 'en',
    turns: [
      ['What do you have?', /^Today we have .*Chicken Soup \$7\.00.* Sold out today: Churros\.$/],
      ['How much is the chicken soup?', /Chicken Soup is \$7\.00/],
      'OK, one chicken soup please',
      "that's all, my name is Lee",
      'yes',
    ],
    order: { items: [['Chicken Soup', 1, null]], customerName: 'Lee' },
  },
  {
    name: 'a sold-out item is refused with alternatives, then something else',
    language: 'en',
    turns: [
      ['Two churros please', /Churros is sold out today\. You could try/],
      'then two french fries',
      'that is all',
      'Kim',
      'yes',
    ],
    order: { items: [['French Fries', 2, null]], customerName: 'Kim' },
  },
  {
    name: 'an absurd quantity is refused before anything is placed',
    language: 'en',
    turns: [['I want 500 horchatas', /at most 20 Horchata/], ['ok, 3', /3 Horchata/], 'done', 'Alex', 'yes'],
    order: { items: [['Horchata', 3, null]], customerName: 'Alex' },
  },
  {
    name: 'an allergy goes into the notes and flags the order',
    language: 'en',
    turns: ['One cheeseburger please', "I'm allergic to peanuts", "that's everything", 'Jo', 'yes'],
    order: { items: [['Cheeseburger', 1, 'allergic to peanuts']], customerName: 'Jo', needsReview: true },
  },
  {
    name: 'a custom order when the restaurant takes them',
    language: 'en',
    turns: [
      ["I'd like a custom order: a birthday cake for 12", /custom order: a birthday cake for 12/],
      "that's all",
      'Pat',
      ['yes', /Your order is placed/],
    ],
    order: { items: [], customerName: 'Pat', customText: 'a birthday cake for 12', needsReview: true },
  },
  {
    name: 'an unknown long request becomes a custom order once the caller agrees',
    language: 'en',
    turns: [['Could you make a vegan lasagna for eight people?', /custom order/], 'yes', "that's all", 'Robin', 'yes'],
    order: { items: [], customerName: 'Robin', customText: 'a vegan lasagna for eight people', needsReview: true },
  },
  {
    name: 'asking for a person transfers the call',
    language: 'en',
    turns: [['Can I talk to a person?', /transferring you/]],
    order: null,
    transferred: true,
    ended: true,
  },
  {
    name: 'opening hours, then goodbye',
    language: 'en',
    turns: [
      ['Are you open right now?', /We are open now, until/],
      ['Goodbye', /Goodbye/],
    ],
    order: null,
    ended: true,
  },
  {
    name: 'order status for an earlier order from the same number',
    language: 'en',
    before: ['one horchata', "that's all", 'Dee', 'yes'],
    turns: [['Hi, where is my order?', /We have your order/], 'thanks, bye'],
    order: null,
    ended: true,
  },
  {
    name: '"no" at the read-back, then a change and a new read-back',
    language: 'en',
    turns: [
      'two pepperoni pizzas',
      "that's all",
      'Chris',
      ['No', /what would you like to change/],
      ['make it three', /3 Pepperoni Pizza/],
      ["that's all", /3 Pepperoni Pizza, for a total of \$39\.00/],
      'yes',
    ],
    order: { items: [['Pepperoni Pizza', 3, null]], customerName: 'Chris' },
  },
  {
    name: '"no horchata" removes it and "make it 4" changes the last item',
    language: 'en',
    turns: ['a horchata and two fish tacos', 'no horchata', 'make it 4', "that's all", "name's Tom", 'yeah'],
    order: { items: [['Fish Tacos', 4, null]], customerName: 'Tom' },
  },
  {
    name: 'closed: the refusal comes up front and nothing is created',
    language: 'en',
    restaurant: { kind: 'closed' },
    turns: [["I'd like a margherita pizza", /closed right now/], 'bye'],
    order: null,
  },
  {
    name: 'busy: the busy message, no order',
    language: 'en',
    restaurant: { kind: 'busy' },
    greeting: /^We are slammed right now/,
    turns: [['Two horchatas please', /^We are slammed right now/], 'ok bye'],
    order: null,
  },
  {
    name: 'expired plan: no phone orders',
    language: 'en',
    restaurant: { kind: 'expired' },
    turns: [['One chicken burrito please', /cannot take phone orders/]],
    order: null,
  },
  {
    name: 'custom orders turned off: declined politely',
    language: 'en',
    restaurant: { kind: 'noCustom' },
    turns: [['I want a custom order: a wedding cake for 100 guests', /only take orders for items on our menu/], 'bye'],
    order: null,
  },

  {
    name: 'a natural call: "yeah can I please get…", a note, a removal, a name "under"',
    language: 'en',
    turns: [
      ['hello', /What would you like to order\?/],
      ['yeah can I please get a pork burrito and two orders of fries', /1 Carnitas Burrito and 2 French Fries/],
      'could you make the fries extra crispy',
      'and one more horchata',
      ['actually no fries', /removed French Fries/],
      "ok that'll be it",
      'put it under Jamie Lee',
      'perfect',
    ],
    order: {
      items: [
        ['Carnitas Burrito', 1, null],
        ['Horchata', 1, null],
      ],
      customerName: 'Jamie Lee',
    },
  },
  {
    name: '"which one?" answered with "the chicken one"',
    language: 'en',
    turns: [
      ['two burritos', /Which one would you like: Carnitas Burrito or Chicken Burrito\?/],
      ['the chicken one please', /2 Chicken Burrito/],
      "that's all",
      'Ray',
      'yes',
    ],
    order: { items: [['Chicken Burrito', 2, null]], customerName: 'Ray' },
  },
  {
    name: 'a plain "no" to "anything else?" finishes the order',
    language: 'en',
    turns: ['a green tea and a dozen fish tacos', ['no', /name/], 'Zoe', 'yes'],
    order: {
      items: [
        ['Green Tea', 1, null],
        ['Fish Tacos', 12, null],
      ],
      customerName: 'Zoe',
    },
  },
  {
    name: 'cancelling everything, then a new order',
    language: 'en',
    turns: ['two horchatas', ['cancel my order', /cleared your order/], 'a green tea', "that's all", 'Mo', 'yes'],
    order: { items: [['Green Tea', 1, null]], customerName: 'Mo' },
  },
  {
    name: 'busy mode switched on mid-call: place_order refuses and nothing is created',
    language: 'en',
    restaurant: { alone: true },
    turns: [
      'one chicken soup',
      "that's all",
      'Val',
      { ownerTurnsBusyModeOn: true },
      ['yes', /^We are slammed right now/],
    ],
    order: null,
  },

  {
    name: '"one without pickles", how long it takes, a contraction typed without its apostrophe',
    language: 'en',
    // Its own kitchen, with no queue: the wait it is told is the dishes' own time.
    restaurant: { alone: true },
    turns: [
      'Could I order a pepperoni pizza for pickup?',
      ['Also two cheeseburgers, one without pickles', /2 Cheeseburger \(one without pickles\)/],
      ['How long will it take?', /about 15 minutes/],
      'ok thats it thanks',
      "sure, it's Alexander",
      'sounds good',
    ],
    order: {
      items: [
        ['Pepperoni Pizza', 1, null],
        ['Cheeseburger', 2, 'one without pickles'],
      ],
      customerName: 'Alexander',
    },
  },
  // ——— Spanish ———
  {
    name: 'tacos y horchata, nombre, confirmación, adiós',
    language: 'es',
    greeting: /^¡Bienvenidos a Taquería El Sol!/,
    turns: [
      ['Hola, quisiera dos tacos al pastor y una horchata, por favor', /2 Tacos al Pastor y 1 Horchata/],
      'eso es todo',
      ['me llamo Ana', /con un total de \$23\.00\. ¿Confirmo el pedido\?/],
      ['sí', /Gracias, Ana/],
      ['adiós', /Adiós/],
    ],
    order: {
      items: [
        ['Tacos al Pastor', 2, null],
        ['Horchata', 1, null],
      ],
      customerName: 'Ana',
    },
    ended: true,
  },
  {
    name: '"dos burritos de pollo" es Chicken Burrito, con notas',
    language: 'es',
    turns: [
      ['dos burritos de pollo sin cebolla', /2 Chicken Burrito \(sin cebolla\)/],
      'y una quesadilla de queso bien picante',
      'nada más',
      'Carlos',
      'sí, por favor',
    ],
    order: {
      items: [
        ['Chicken Burrito', 2, 'sin cebolla'],
        ['Quesadilla de Queso', 1, 'bien picante'],
      ],
      customerName: 'Carlos',
    },
  },
  {
    name: 'tres tacos, mejor que sean dos',
    language: 'es',
    turns: ['tres tacos al pastor, mejor que sean dos', 'eso es todo', 'a nombre de Sofía', 'correcto'],
    order: { items: [['Tacos al Pastor', 2, null]], customerName: 'Sofía' },
  },
  {
    name: '¿cuántos? y quitar un plato',
    language: 'es',
    turns: [
      ['quiero sopa de tortilla', /Cuántos de Sopa de Tortilla/],
      'dos',
      'y una horchata',
      ['quita la horchata', /Quité Horchata/],
      'es todo',
      'Luis',
      'sí',
    ],
    order: { items: [['Sopa de Tortilla', 2, null]], customerName: 'Luis' },
  },
  {
    name: 'el menú y un precio',
    language: 'es',
    turns: [
      ['¿Qué tienen?', /^Hoy tenemos /],
      ['¿Cuánto cuesta el burrito de carne asada?', /Burrito de Carne Asada cuesta \$12\.00/],
      'quiero un burrito de carne asada',
      'eso es todo',
      'Pedro',
      'sí',
    ],
    order: { items: [['Burrito de Carne Asada', 1, null]], customerName: 'Pedro' },
  },
  {
    name: 'un plato agotado, luego un pastel tres leches',
    language: 'es',
    turns: [
      ['un flan, por favor', /Flan está agotado hoy/],
      'entonces un pastel tres leches',
      'es todo',
      'Marta',
      'sí',
    ],
    order: { items: [['Pastel Tres Leches', 1, null]], customerName: 'Marta' },
  },
  {
    name: 'cien horchatas es demasiado',
    language: 'es',
    turns: [['quiero cien horchatas', /como máximo 20/], 'entonces cinco', 'eso es todo', 'Jorge', 'sí'],
    order: { items: [['Horchata', 5, null]], customerName: 'Jorge' },
  },
  {
    name: 'una docena',
    language: 'es',
    turns: ['una docena de tacos al pastor', 'eso es todo', 'Elena', 'sí'],
    order: { items: [['Tacos al Pastor', 12, null]], customerName: 'Elena' },
  },
  {
    name: 'una alergia queda en las notas',
    language: 'es',
    turns: ['dos quesadillas de queso', 'soy alérgico al maní', 'es todo', 'Rosa', 'sí'],
    order: { items: [['Quesadilla de Queso', 2, /alérgico al maní/]], customerName: 'Rosa', needsReview: true },
  },
  {
    name: 'un pedido especial',
    language: 'es',
    turns: ['Quisiera un pedido especial: un pastel de cumpleaños para veinte personas', 'eso es todo', 'Diego', 'sí'],
    order: {
      items: [],
      customerName: 'Diego',
      customText: 'un pastel de cumpleaños para veinte personas',
      needsReview: true,
    },
  },
  {
    name: 'hablar con alguien',
    language: 'es',
    turns: [['¿Puedo hablar con alguien, por favor?', /le paso con nuestro personal/]],
    order: null,
    transferred: true,
    ended: true,
  },
  {
    name: 'el horario',
    language: 'es',
    turns: [
      ['¿A qué hora cierran?', /Estamos abiertos ahora/],
      ['gracias, adiós', /Adiós/],
    ],
    order: null,
    ended: true,
  },
  {
    name: 'el estado de un pedido anterior',
    language: 'es',
    before: ['una horchata', 'eso es todo', 'Inés', 'sí'],
    turns: [['¿Dónde está mi pedido?', /Tenemos su pedido/]],
    order: null,
  },
  {
    name: 'cerrado: nada se crea',
    language: 'es',
    restaurant: { kind: 'closed' },
    turns: [['quiero dos tacos al pastor', /ahora estamos cerrados/], 'adiós'],
    order: null,
  },
  {
    name: 'ocupado: el mensaje del restaurante',
    language: 'es',
    restaurant: { kind: 'busy' },
    turns: [['una horchata por favor', /tenemos muchos pedidos/]],
    order: null,
  },
  {
    name: 'llamada en español a un restaurante en inglés',
    language: 'es',
    restaurant: { menu: 'en' },
    greeting: /^¡Gracias por llamar a Casa Lupe! ¿Qué le puedo ofrecer hoy\? Esta llamada puede ser grabada\.$/,
    turns: [
      ['Quisiera dos burritos de pollo', /2 Chicken Burrito/],
      'eso es todo',
      'me llamo Lucía',
      ['sí', /Gracias, Lucía! Su pedido está hecho/],
    ],
    order: { items: [['Chicken Burrito', 2, null]], customerName: 'Lucía' },
  },
  {
    name: 'sin personal para transferir',
    language: 'es',
    restaurant: { kind: 'noStaff' },
    turns: [['quiero hablar con el gerente', /no hay nadie disponible/], 'adiós'],
    order: null,
    transferred: false,
    ended: true,
  },

  {
    name: 'una llamada natural: "buenas tardes", "me da…", una nota, "¿cuánto es?"',
    language: 'es',
    turns: [
      ['buenas tardes', /¿Qué le gustaría pedir\?/],
      'me da un burrito de carne asada y dos aguas de jamaica por favor',
      ['el burrito sin cebolla', /1 Burrito de Carne Asada \(sin cebolla\)/],
      ['¿cuánto es?', /\$19\.00/],
      'ya es todo, gracias',
      'soy Fernando',
      'sí, está bien',
    ],
    order: {
      items: [
        ['Burrito de Carne Asada', 1, 'sin cebolla'],
        ['Agua de Jamaica', 2, null],
      ],
      customerName: 'Fernando',
    },
  },
  {
    name: '"¿me pone…?", "otra", "no, mejor tres"',
    language: 'es',
    turns: [
      '¿Me pone dos tacos al pastor, por favor?',
      'y otra horchata',
      ['no, mejor tres tacos', /3 Tacos al Pastor/],
      'nada más',
      'a nombre de Andrés',
      'claro',
    ],
    order: {
      items: [
        ['Tacos al Pastor', 3, null],
        ['Horchata', 1, null],
      ],
      customerName: 'Andrés',
    },
  },

  {
    name: '"con todo", "¿cuánto se tarda?", un nombre completo',
    language: 'es',
    // Its own kitchen, with no queue: the wait it is told is the dishes' own time.
    restaurant: { alone: true },
    turns: [
      'Buenas noches, ¿me podría dar dos tacos al pastor con todo?',
      ['¿y cuánto se tarda?', /unos 15 minutos/],
      'perfecto, también una sopa de tortilla sin crema',
      'listo, eso sería todo',
      'Guadalupe Ramírez',
      'sí, gracias',
    ],
    order: {
      items: [
        ['Tacos al Pastor', 2, 'con todo'],
        ['Sopa de Tortilla', 1, 'sin crema'],
      ],
      customerName: 'Guadalupe Ramírez',
    },
  },
  // ——— French ———
  {
    name: 'croques et café, nom, confirmation, au revoir',
    language: 'fr',
    greeting: /^Bonjour et bienvenue chez Marcel/,
    turns: [
      ["Bonjour, je voudrais deux croque monsieur et un café, s'il vous plaît", /2 Croque Monsieur et 1 Café/],
      "c'est tout",
      ["je m'appelle Pierre", /pour un total de \$20\.50\. Je passe la commande \?/],
      ['oui', /Merci, Pierre/],
      ['au revoir', /Au revoir/],
    ],
    order: {
      items: [
        ['Croque Monsieur', 2, null],
        ['Café', 1, null],
      ],
      customerName: 'Pierre',
    },
    ended: true,
  },
  {
    name: '"deux burgers au poulet" est le Chicken Burger, sans oignons',
    language: 'fr',
    turns: [
      ['deux burgers au poulet sans oignons', /2 Chicken Burger \(sans oignons\)/],
      "et une soupe à l'oignon",
      'ce sera tout',
      'Claire',
      'oui',
    ],
    order: {
      items: [
        ['Chicken Burger', 2, 'sans oignons'],
        ["Soupe à l'Oignon", 1, null],
      ],
      customerName: 'Claire',
    },
  },
  {
    name: 'trois quiches, finalement deux',
    language: 'fr',
    turns: [
      'trois quiches lorraines',
      ['finalement, mettez-en deux', /2 Quiche Lorraine/],
      "c'est tout",
      'au nom de Julie',
      "d'accord",
    ],
    order: { items: [['Quiche Lorraine', 2, null]], customerName: 'Julie' },
  },
  {
    name: 'retirer un plat',
    language: 'fr',
    turns: [
      'un steak frites et une salade niçoise',
      ['enlevez la salade', /retiré Salade Niçoise/],
      "c'est tout",
      'Marc',
      'oui',
    ],
    order: { items: [['Steak Frites', 1, null]], customerName: 'Marc' },
  },
  {
    name: 'la carte et un prix',
    language: 'fr',
    turns: [
      ["Qu'est-ce que vous avez ?", /^Aujourd'hui nous avons /],
      ['Combien coûte la crème brûlée ?', /Crème Brûlée coûte \$7\.00/],
      'deux crèmes brûlées alors',
      "c'est tout",
      'Luc',
      'oui',
    ],
    order: { items: [['Crème Brûlée', 2, null]], customerName: 'Luc' },
  },
  {
    name: 'un plat épuisé',
    language: 'fr',
    turns: [['une tarte tatin', /Tarte Tatin est épuisé/], 'alors une crème brûlée', "c'est tout", 'Anne', 'oui'],
    order: { items: [['Crème Brûlée', 1, null]], customerName: 'Anne' },
  },
  {
    name: 'cinquante cafés, c’est trop',
    language: 'fr',
    turns: [['cinquante cafés', /au plus 20/], 'quatre', "c'est tout", 'Bruno', 'oui'],
    order: { items: [['Café', 4, null]], customerName: 'Bruno' },
  },
  {
    name: 'combien ? une douzaine',
    language: 'fr',
    turns: [['je voudrais des croques', /Combien de Croque Monsieur/], 'une douzaine', "c'est tout", 'Hugo', 'oui'],
    order: { items: [['Croque Monsieur', 12, null]], customerName: 'Hugo' },
  },
  {
    name: 'une allergie dans les notes',
    language: 'fr',
    turns: ['une salade niçoise', 'je suis allergique aux arachides', "c'est tout", 'Léa', 'oui'],
    order: { items: [['Salade Niçoise', 1, /allergique aux arachides/]], customerName: 'Léa', needsReview: true },
  },
  {
    name: 'une commande spéciale',
    language: 'fr',
    turns: [
      'Je voudrais une commande spéciale : un plateau de fromages pour dix personnes',
      "c'est tout",
      'Paul',
      'oui',
    ],
    order: {
      items: [],
      customerName: 'Paul',
      customText: 'un plateau de fromages pour dix personnes',
      needsReview: true,
    },
  },
  {
    name: "parler à quelqu'un",
    language: 'fr',
    turns: [["Je voudrais parler à quelqu'un, s'il vous plaît", /je vous passe notre équipe/]],
    order: null,
    transferred: true,
    ended: true,
  },
  {
    name: 'les horaires',
    language: 'fr',
    turns: [
      ['Vous êtes ouverts ?', /Nous sommes ouverts/],
      ['merci, au revoir', /Au revoir/],
    ],
    order: null,
    ended: true,
  },
  {
    name: 'non à la relecture, puis une correction',
    language: 'fr',
    turns: [
      'deux cafés',
      "c'est tout",
      'Nina',
      ['non', /que voulez-vous changer/],
      'plutôt trois cafés',
      "c'est tout",
      'oui',
    ],
    order: { items: [['Café', 3, null]], customerName: 'Nina' },
  },
  {
    name: 'fermé : rien n’est créé',
    language: 'fr',
    restaurant: { kind: 'closed' },
    turns: [['un croque monsieur', /nous sommes fermés/], 'au revoir'],
    order: null,
  },
  {
    name: 'abonnement expiré',
    language: 'fr',
    restaurant: { kind: 'expired' },
    turns: [['deux cafés', /ne pouvons pas prendre de commandes par téléphone/]],
    order: null,
  },
  {
    name: 'commandes spéciales refusées',
    language: 'fr',
    restaurant: { kind: 'noCustom' },
    turns: [['une commande spéciale : une pièce montée', /que les commandes de plats de notre carte/]],
    order: null,
  },
  {
    name: 'an English call to a French restaurant',
    language: 'en',
    restaurant: { menu: 'fr' },
    greeting: /^Thanks for calling Chez Marcel!/,
    turns: ['two chicken burgers and a coffee', "that's all", 'Ben', 'yes'],
    order: {
      items: [
        ['Chicken Burger', 2, null],
        ['Café', 1, null],
      ],
      customerName: 'Ben',
    },
  },

  {
    name: 'un appel naturel : "bonsoir", un Perrier inconnu, "un seul café finalement"',
    language: 'fr',
    turns: [
      ['Bonsoir', /Que souhaitez-vous commander \?/],
      ["Je prendrai un croque-monsieur, s'il vous plaît, et deux Perrier", /Je ne trouve pas Perrier/],
      'Vous pouvez me mettre le croque bien cuit ?',
      'et deux cafés aussi',
      ['ah non, un seul café finalement', /1 Café/],
      'ce sera tout, merci',
      "C'est Mathilde",
      "oui c'est parfait",
    ],
    order: {
      items: [
        ['Croque Monsieur', 1, 'bien cuit'],
        ['Café', 1, null],
      ],
      customerName: 'Mathilde',
    },
  },
  {
    name: 'le tutoiement : "tu peux me mettre…", "c\'est bon", "ouais"',
    language: 'fr',
    turns: ['salut, tu peux me mettre une quiche lorraine ?', 'et une eau minérale', "c'est bon", 'Théo', 'ouais'],
    order: {
      items: [
        ['Quiche Lorraine', 1, null],
        ['Eau Minérale', 1, null],
      ],
      customerName: 'Théo',
    },
  },

  {
    name: '"Allô, bonjour", de l\'eau, une note pour les croques',
    language: 'fr',
    turns: [
      ['Allô, bonjour, est-ce que je pourrais commander pour emporter ?', /Que souhaitez-vous commander/],
      "Alors il me faudrait trois croques et une soupe à l'oignon",
      ["est-ce que vous avez de l'eau ?", /Oui, nous avons Eau Minérale/],
      'deux bouteilles alors',
      "la soupe bien chaude s'il vous plaît",
      'et pas de jambon dans les croques',
      'bon, ce sera tout',
      'Lefèvre',
      'oui, parfait',
    ],
    order: {
      items: [
        ['Croque Monsieur', 3, 'pas de jambon'],
        ["Soupe à l'Oignon", 1, 'bien chaude'],
        ['Eau Minérale', 2, null],
      ],
      customerName: 'Lefèvre',
    },
  },
  // ——— Chinese ———
  {
    name: '宫保鸡丁和奶茶，名字，确认，再见',
    language: 'zh',
    greeting: /^您好，金龙餐厅，请问要点什么？/,
    turns: [
      ['你好，我要两份宫保鸡丁和一杯奶茶', /2份宫保鸡丁、1份奶茶/],
      '就这些',
      ['我叫王伟', /总计\$33\.00。确认下单吗？/],
      ['对', /谢谢，王伟！/],
      ['再见', /再见/],
    ],
    order: {
      items: [
        ['宫保鸡丁', 2, null],
        ['奶茶', 1, null],
      ],
      customerName: '王伟',
    },
    ended: true,
  },
  {
    name: '鸡肉汉堡不要葱，再来薯条',
    language: 'zh',
    turns: [['我要两个鸡肉汉堡，不要葱', /2份Chicken Burger（不要葱）/], '再来三份薯条', '就这些', '李娜', '好的'],
    order: {
      items: [
        ['Chicken Burger', 2, '不要葱'],
        ['French Fries', 3, null],
      ],
      customerName: '李娜',
    },
  },
  {
    name: '饺子改成两份',
    language: 'zh',
    turns: ['三份饺子', ['改成两份', /2份猪肉饺子/], '就这些', '张伟', '是的'],
    order: { items: [['猪肉饺子', 2, null]], customerName: '张伟' },
  },
  {
    name: '把炒饭去掉',
    language: 'zh',
    turns: ['一碗牛肉面和一份扬州炒饭', ['把炒饭去掉', /已去掉扬州炒饭/], '就这些', '刘洋', '对'],
    order: { items: [['牛肉面', 1, null]], customerName: '刘洋' },
  },
  {
    name: '菜单和价格',
    language: 'zh',
    turns: [
      ['有什么菜？', /^今天供应：/],
      ['酸辣汤多少钱？', /酸辣汤\$6\.00一份/],
      '来一份酸辣汤',
      '就这些',
      '陈静',
      '好',
    ],
    order: { items: [['酸辣汤', 1, null]], customerName: '陈静' },
  },
  {
    name: '春卷售罄',
    language: 'zh',
    turns: [['两份春卷', /春卷今天已售罄/], '那要两份饺子', '就这些', '杨帆', '确认'],
    order: { items: [['猪肉饺子', 2, null]], customerName: '杨帆' },
  },
  {
    name: '一百杯奶茶太多',
    language: 'zh',
    turns: [['我要一百杯奶茶', /最多20份奶茶/], '五杯', '就这些', '赵敏', '对'],
    order: { items: [['奶茶', 5, null]], customerName: '赵敏' },
  },
  {
    name: '几份？',
    language: 'zh',
    turns: [['我要宫保鸡丁', /宫保鸡丁您要几份/], '两份', '就这些', '周杰', '对的'],
    order: { items: [['宫保鸡丁', 2, null]], customerName: '周杰' },
  },
  {
    name: '花生过敏',
    language: 'zh',
    turns: ['一份宫保鸡丁，我对花生过敏', '就这些', '吴芳', '是'],
    order: { items: [['宫保鸡丁', 1, /花生过敏/]], customerName: '吴芳', needsReview: true },
  },
  {
    name: '定制蛋糕',
    language: 'zh',
    turns: ['我想定制一个生日蛋糕，十二个人的', '就这些', '孙丽', '对'],
    order: { items: [], customerName: '孙丽', customText: '一个生日蛋糕，十二个人的', needsReview: true },
  },
  {
    name: '转人工',
    language: 'zh',
    turns: [['转人工', /正在为您转接店员/]],
    order: null,
    transferred: true,
    ended: true,
  },
  {
    name: '营业时间',
    language: 'zh',
    turns: [
      ['你们几点关门？', /我们现在营业/],
      ['谢谢，再见', /再见/],
    ],
    order: null,
    ended: true,
  },
  {
    name: '订单状态',
    language: 'zh',
    before: ['一杯奶茶', '就这些', '黄蓉', '对'],
    turns: [['我的订单好了吗？', /我们已收到您的订单/]],
    order: null,
  },
  {
    name: '一打饺子',
    language: 'zh',
    turns: ['一打饺子', '就这些', '郭靖', '好的'],
    order: { items: [['猪肉饺子', 12, null]], customerName: '郭靖' },
  },
  {
    name: '打烊了：不下单',
    language: 'zh',
    restaurant: { kind: 'closed' },
    turns: [['我要两份宫保鸡丁', /我们现在不营业/], '再见'],
    order: null,
  },
  {
    name: '忙碌模式',
    language: 'zh',
    restaurant: { kind: 'busy' },
    turns: [['一碗牛肉面', /现在订单太多了/]],
    order: null,
  },
  {
    name: '用中文打给英文餐厅',
    language: 'zh',
    restaurant: { menu: 'en' },
    greeting: /^您好，欢迎致电Casa Lupe！/,
    turns: ['我要两个鸡肉卷饼和一杯绿茶', '就这些', '我叫林峰', '对'],
    order: {
      items: [
        ['Chicken Burrito', 2, null],
        ['Green Tea', 1, null],
      ],
      customerName: '林峰',
    },
  },
  {
    name: '自然的通话：少放辣、售罄、不要了、先生',
    language: 'zh',
    turns: [
      ['喂，你好', /请问您想点什么？/],
      ['我想要一份牛肉面，少放辣，再要两个春卷', /1份牛肉面（少放辣）。抱歉，春卷今天已售罄/],
      '再加一个鸡肉汉堡',
      ['汉堡不要了', /已去掉Chicken Burger/],
      '没有了，就这些',
      '王先生',
      '好的，下单吧',
    ],
    order: { items: [['牛肉面', 1, '少放辣']], customerName: '王先生' },
  },
  {
    name: '我想订餐，来个炒饭，有绿茶吗',
    language: 'zh',
    turns: [
      ['您好，我想订餐', /请问您想点什么？/],
      ['给我来个扬州炒饭，再来两碗酸辣汤', /1份扬州炒饭、2份酸辣汤/],
      '炒饭多加点葱',
      ['有绿茶吗', /有的，绿茶\$3\.00一份/],
      '来两杯',
      '好，就这样',
      '姓张',
      '没问题',
    ],
    order: {
      items: [
        ['扬州炒饭', 1, '多加点葱'],
        ['酸辣汤', 2, null],
        ['绿茶', 2, null],
      ],
      customerName: '张',
    },
  },
  {
    name: '麻烦来三个饺子和一碗酸辣汤，微辣',
    language: 'zh',
    turns: ['麻烦来三个饺子和一碗酸辣汤', '酸辣汤微辣', '就这样吧', '我姓李', '可以'],
    order: {
      items: [
        ['猪肉饺子', 3, null],
        ['酸辣汤', 1, '微辣'],
      ],
      customerName: '李',
    },
  },
];

// ——— Running them ———

describe('scripted calls with the built-in assistant', () => {
  let t: TestApp;
  let counter = 0;
  let callers = 0;
  const restaurants = new Map<string, Promise<{ cookie: string; userId: string }>>();
  const results: Record<Language, { passed: number; total: number; failures: string[] }> = {
    en: { passed: 0, total: 0, failures: [] },
    es: { passed: 0, total: 0, failures: [] },
    fr: { passed: 0, total: 0, failures: [] },
    zh: { passed: 0, total: 0, failures: [] },
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    const lines = (Object.keys(results) as Language[]).map((language) => {
      const { passed, total } = results[language];
      return `  ${language}: ${passed}/${total} (${percent(passed, total)})`;
    });
    const passed = Object.values(results).reduce((n, r) => n + r.passed, 0);
    const total = Object.values(results).reduce((n, r) => n + r.total, 0);
    console.log(
      `Scripted calls passing:\n${lines.join('\n')}\n  overall: ${passed}/${total} (${percent(passed, total)})`,
    );
    await t.close();
  });

  const percent = (passed: number, total: number) => `${total ? ((100 * passed) / total).toFixed(1) : '0.0'}%`;

  async function createRestaurant(menuLanguage: Language, kind: RestaurantKind) {
    const spec = RESTAURANTS[menuLanguage];
    const { cookie, userId } = await t.signUp({ email: `scripted${++counter}@example.com` });
    await t.db
      .update(restaurantProfiles)
      .set({
        restaurantName: spec.name,
        timezone: 'UTC',
        hasCompletedOnboarding: true,
        forwardingPhone: kind === 'noStaff' ? null : STAFF_LINE,
        allowCustomOrders: kind !== 'noCustom',
        maxQuantityPerLine: MAX_PER_ITEM,
        ...(kind === 'expired'
          ? { subscriptionStatus: 'trial' as const, trialEndsAt: new Date(Date.now() - 24 * 60 * 60 * 1000) }
          : {}),
      })
      .where(eq(restaurantProfiles.id, userId));
    await t.db.insert(botPreferences).values({
      restaurantId: userId,
      language: menuLanguage,
      greetingMessage: spec.greeting,
      busyMessage: spec.busyMessage,
      isBusyMode: kind === 'busy',
    });
    // Open around the clock (the tools check the real time), or closed every day.
    await openAroundTheClock(t.db, userId, { closed: kind === 'closed' });
    await t.db.insert(menuItems).values(
      spec.menu.map((dish) => ({
        restaurantId: userId,
        name: dish.name,
        priceCents: dish.price,
        aliases: dish.aliases ?? [],
        isAvailable: !dish.soldOut,
      })),
    );
    return { cookie, userId };
  }

  function restaurantFor(script: Script) {
    const menu = script.restaurant?.menu ?? script.language;
    const kind = script.restaurant?.kind ?? 'open';
    const key = script.restaurant?.alone ? script.name : `${menu}:${kind}`;
    let found = restaurants.get(key);
    if (!found) restaurants.set(key, (found = createRestaurant(menu, kind)));
    return found;
  }

  async function call(cookie: string, language: Language, callerNumber: string, turns: readonly Turn[]) {
    const started = await t.request('/api/test-calls', { method: 'POST', cookie, json: { language, callerNumber } });
    expect(started.status, await started.clone().text()).toBe(201);
    const start = (await started.json()) as StartTestCallResponse;
    const transcript = [`A: ${start.reply}`];
    let last: TestCallTurn = start;
    for (const [index, turn] of turns.entries()) {
      if (!Array.isArray(turn) && typeof turn === 'object') {
        const busy = await t.request('/api/restaurant/busy-mode', {
          method: 'PUT',
          cookie,
          json: { isBusyMode: true },
        });
        expect(busy.status).toBe(200);
        continue;
      }
      const [text, reply] = typeof turn === 'string' ? [turn, null] : turn;
      expect(last.ended, `the call ended before turn ${index + 1} ("${text}")\n${transcript.join('\n')}`).toBe(false);
      const response = await t.request(`/api/test-calls/${start.callId}/messages`, {
        method: 'POST',
        cookie,
        json: { text },
      });
      expect(response.status, await response.clone().text()).toBe(200);
      last = (await response.json()) as TestCallTurn;
      transcript.push(`C: ${text}`, `A: ${last.reply}`);
      expect(last.reply, 'a reply is one line').not.toContain('\n');
      if (reply) expect(last.reply, `turn ${index + 1} ("${text}")\n${transcript.join('\n')}`).toMatch(reply);
    }
    return { start, last, transcript };
  }

  async function ordersOf(cookie: string): Promise<Order[]> {
    const response = await t.request('/api/orders?limit=200', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as ListOrdersResponse).orders;
  }

  async function runScript(script: Script) {
    const { cookie } = await restaurantFor(script);
    const callerNumber = `+1415555${String(2000 + ++callers).padStart(4, '0')}`;
    if (script.before) {
      const earlier = await call(cookie, script.language, callerNumber, script.before);
      expect(earlier.last.orderId, `the earlier call placed no order\n${earlier.transcript.join('\n')}`).toBeTruthy();
    }
    const { start, last, transcript } = await call(cookie, script.language, callerNumber, script.turns);
    const context = transcript.join('\n');
    if (script.greeting) expect(start.reply, context).toMatch(script.greeting);
    if (script.transferred !== undefined) expect(last.transferred, context).toBe(script.transferred);
    if (script.ended !== undefined) expect(last.ended, context).toBe(script.ended);

    const placed = (await ordersOf(cookie)).filter((o) => o.callId === start.callId);
    if (!script.order) {
      expect(placed, `no order expected\n${context}`).toEqual([]);
      return;
    }
    expect(placed, `one order expected\n${context}`).toHaveLength(1);
    const order = placed[0]!;
    const byName = <T extends [string, ...unknown[]]>(rows: T[]) => rows.sort((a, b) => a[0].localeCompare(b[0]));
    const items = byName(order.items.map((i) => [i.name, i.quantity, i.notes] as [string, number, string | null]));
    expect(items, context).toEqual(
      byName(
        script.order.items.map(([name, quantity, notes]) => [
          name,
          quantity,
          notes instanceof RegExp ? (expect.stringMatching(notes) as unknown as string) : notes,
        ]),
      ),
    );
    expect(
      {
        customerName: order.customerName,
        phoneNumber: order.phoneNumber,
        customOrderText: order.customOrderText,
        source: order.source,
        orderId: order.id,
      },
      context,
    ).toEqual({
      customerName: script.order.customerName,
      phoneNumber: callerNumber,
      customOrderText: script.order.customText ?? null,
      source: 'simulator',
      orderId: last.orderId,
    });
    if (script.order.needsReview !== undefined) expect(order.needsReview, context).toBe(script.order.needsReview);
  }

  for (const language of ['en', 'es', 'fr', 'zh'] as const) {
    const scripts = SCRIPTS.filter((s) => s.language === language);

    it(`has at least ten scripted calls in ${language}`, () => {
      expect(scripts.length).toBeGreaterThanOrEqual(10);
    });

    it(`passes at least ${PASS_SHARE * 100}% of the ${language} calls`, { timeout: 300_000 }, async () => {
      const result = results[language];
      for (const script of scripts) {
        result.total++;
        try {
          await runScript(script);
          result.passed++;
        } catch (error) {
          result.failures.push(
            `✗ [${language}] ${script.name}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      if (result.failures.length > 0) console.log(result.failures.join('\n\n'));
      expect(result.passed / result.total, result.failures.join('\n\n')).toBeGreaterThanOrEqual(PASS_SHARE);
    });
  }
});
