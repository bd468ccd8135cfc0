import { LOCALES, type Language } from '@shared/domain/languages';
import type { OrderStatus } from '@shared/domain/orders';
import { formatCents, type Cents } from '@shared/domain/money';

/** What the assistant's tools say, in the restaurant's language. Short, single-line, speakable sentences. */
export interface Phrases {
  list(items: string[]): string;
  line(quantity: number, name: string): string;
  price(cents: Cents): string;
  menu(available: string[], soldOut: string[]): string;
  emptyMenu: string;
  /** 'Small or Large': the choices the caller can pick from. */
  orList(items: string[]): string;
  /** A menu read in its categories: 'Burritos: A and B. Drinks: C.' */
  menuInSections(sections: { name: string; items: string[] }[], soldOut: string[]): string;
  /** The heading for dishes without a category. */
  otherSection: string;
  /** A choice and what it adds: 'Large +$3.00'. */
  choice(name: string, priceDeltaCents: Cents): string;
  /** A dish with its options: 'Burrito $10.00, size Small or Large +$3.00, optional extras Cheese +$1.00'. */
  dishWithOptions(dish: string, groups: { name: string; required: boolean; choices: string[] }[]): string;
  optionMissing(dish: string, group: string, choices: string[]): string;
  optionUnknown(dish: string, said: string, choices: string[]): string;
  optionTooMany(dish: string, group: string, choices: string[]): string;
  openNow(closesAt: string): string;
  closedNow(opensAt: string | null): string;
  /** 'tomorrow at 9:00 AM', 'on Monday at 9:00 AM', 'at 9:00 AM' (later today). */
  when(daysAhead: number, dayName: string, time: string): string;
  closedRefusal(opensAt: string | null): string;
  /** '11:00 AM to 2:00 PM': one period of opening hours (the closing time may be after midnight). */
  period(open: string, close: string): string;
  /** A day with two periods: 'On Friday we are open 11:00 AM to 2:00 PM and 6:00 PM to 2:00 AM.' */
  dayPeriods(dayName: string, periods: string[]): string;
  expiredRefusal: string;
  customNotAllowed: string;
  nothingToOrder: string;
  unknownItem(name: string, closest: string[]): string;
  soldOut(name: string, alternatives: string[]): string;
  tooMany(name: string, max: number): string;
  tooManyLines(max: number): string;
  tooExpensive(max: string): string;
  badQuantity(name: string): string;
  alreadyInKitchen: string;
  /** `orderNumber` is the day's number said at the counter; `willText` whether automatic texts are on. */
  placed(
    summary: string,
    total: string | null,
    name: string | null,
    orderNumber: number | null,
    willText: boolean,
  ): string;
  updated(summary: string, total: string | null, orderNumber: number | null): string;
  noOrderFound: string;
  orderStatus(status: OrderStatus, readyAround: string | null): string;
  transferring: string;
  noStaffLine: string;
  invalidRequest: string;
  failure: string;
}

const money = (cents: Cents) => formatCents(cents);
/** 'Size' → 'size' inside a sentence; a name in capitals ('XL') stays as it is. */
const lower = (name: string) => (name === name.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1));

const en: Phrases = {
  list: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`),
  line: (quantity, name) => `${quantity} ${name}`,
  price: money,
  menu: (available, soldOut) =>
    `Today we have ${en.list(available)}.${soldOut.length ? ` Sold out today: ${en.list(soldOut)}.` : ''}`,
  emptyMenu: 'I am sorry, the menu is not available right now.',
  orList: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`),
  otherSection: 'Other',
  menuInSections: (sections, soldOut) =>
    `Today we have: ${sections.map((s) => `${s.name}: ${en.list(s.items)}.`).join(' ')}${soldOut.length ? ` Sold out today: ${en.list(soldOut)}.` : ''}`,
  choice: (name, delta) => (delta === 0 ? name : `${name} ${delta > 0 ? '+' : '-'}${money(Math.abs(delta))}`),
  dishWithOptions: (dish, groups) =>
    [dish, ...groups.map((g) => `${g.required ? '' : 'optional '}${lower(g.name)} ${en.orList(g.choices)}`)].join(', '),
  optionMissing: (dish, group, choices) =>
    `Which ${lower(group)} would you like for the ${dish}: ${en.orList(choices)}?`,
  optionUnknown: (dish, said, choices) =>
    `We do not have ${said} for the ${dish}.${choices.length ? ` You can choose ${en.orList(choices)}.` : ''}`,
  optionTooMany: (dish, group, choices) =>
    `Please choose just one ${lower(group)} for the ${dish}: ${en.orList(choices)}.`,
  openNow: (closesAt) => `We are open now, until ${closesAt}.`,
  closedNow: (opensAt) => (opensAt ? `We are closed right now. We open ${opensAt}.` : 'We are closed right now.'),
  when: (daysAhead, dayName, time) =>
    daysAhead === 0 ? `today at ${time}` : daysAhead === 1 ? `tomorrow at ${time}` : `on ${dayName} at ${time}`,
  closedRefusal: (opensAt) =>
    `Sorry, we are closed right now, so I cannot take an order.${opensAt ? ` We open ${opensAt}.` : ''}`,
  period: (open, close) => `${open} to ${close}`,
  dayPeriods: (dayName, periods) => `On ${dayName} we are open ${en.list(periods)}.`,
  expiredRefusal:
    'I am sorry, we cannot take phone orders at the moment. Please call back later or order at the counter.',
  customNotAllowed: 'I am sorry, we can only take orders for items on our menu.',
  nothingToOrder: 'What would you like to order?',
  unknownItem: (name, closest) =>
    `I could not find ${name} on our menu.${closest.length ? ` Did you mean ${en.list(closest)}?` : ''}`,
  soldOut: (name, alternatives) =>
    `Sorry, ${name} is sold out today.${alternatives.length ? ` You could try ${en.list(alternatives)}.` : ''}`,
  tooMany: (name, max) => `I can take at most ${max} ${name} in one phone order. How many would you like?`,
  tooManyLines: (max) => `I can take at most ${max} different items in one phone order.`,
  tooExpensive: (max) => `Phone orders are limited to ${max}. For a larger order, please speak to our staff.`,
  badQuantity: (name) => `How many ${name} would you like?`,
  alreadyInKitchen: 'Your order is already being prepared, so I cannot change it now. I can transfer you to our staff.',
  placed: (summary, total, name, orderNumber, willText) =>
    `Thank you${name ? `, ${name}` : ''}! Your order is placed: ${summary}.${total ? ` The total is ${total}.` : ''}${orderNumber ? ` Your order number is ${orderNumber}.` : ''}${willText ? ' We will text you when it is being prepared.' : ''}`,
  updated: (summary, total, orderNumber) =>
    `I have updated your order: ${summary}.${total ? ` The new total is ${total}.` : ''}${orderNumber ? ` Your order number is still ${orderNumber}.` : ''}`,
  noOrderFound: 'I cannot find a recent order from this phone number.',
  orderStatus: (status, readyAround) =>
    ({
      new: 'We have your order and the kitchen will start on it shortly.',
      preparing: `Your order is being prepared${readyAround ? ` and should be ready around ${readyAround}` : ''}.`,
      ready: 'Your order is ready for pickup.',
      completed: 'Your order has already been picked up.',
      cancelled: 'Your order was cancelled. I can take a new order for you.',
    })[status],
  transferring: 'One moment, I am transferring you to our staff.',
  noStaffLine: 'I am sorry, nobody is available to take the call right now. I can help you with your order.',
  invalidRequest: 'Sorry, I did not get that. Could you say it again?',
  failure: 'I am sorry, something went wrong on our side. Please try again in a moment.',
};

const es: Phrases = {
  list: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`),
  line: (quantity, name) => `${quantity} ${name}`,
  price: money,
  menu: (available, soldOut) =>
    `Hoy tenemos ${es.list(available)}.${soldOut.length ? ` Agotado hoy: ${es.list(soldOut)}.` : ''}`,
  emptyMenu: 'Lo siento, el menú no está disponible en este momento.',
  orList: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} o ${items.at(-1)}`),
  otherSection: 'Otros',
  menuInSections: (sections, soldOut) =>
    `Hoy tenemos: ${sections.map((s) => `${s.name}: ${es.list(s.items)}.`).join(' ')}${soldOut.length ? ` Agotado hoy: ${es.list(soldOut)}.` : ''}`,
  choice: (name, delta) => (delta === 0 ? name : `${name} ${delta > 0 ? '+' : '-'}${money(Math.abs(delta))}`),
  dishWithOptions: (dish, groups) =>
    [dish, ...groups.map((g) => `${lower(g.name)}${g.required ? '' : ' (opcional)'} ${es.orList(g.choices)}`)].join(
      ', ',
    ),
  optionMissing: (dish, group, choices) => `¿Qué ${lower(group)} quiere para ${dish}: ${es.orList(choices)}?`,
  optionUnknown: (dish, said, choices) =>
    `No tenemos ${said} para ${dish}.${choices.length ? ` Puede elegir ${es.orList(choices)}.` : ''}`,
  optionTooMany: (dish, group, choices) =>
    `Elija solo una opción de ${lower(group)} para ${dish}: ${es.orList(choices)}.`,
  openNow: (closesAt) => `Estamos abiertos ahora, hasta las ${closesAt}.`,
  closedNow: (opensAt) => (opensAt ? `Ahora estamos cerrados. Abrimos ${opensAt}.` : 'Ahora estamos cerrados.'),
  when: (daysAhead, dayName, time) =>
    daysAhead === 0 ? `hoy a las ${time}` : daysAhead === 1 ? `mañana a las ${time}` : `el ${dayName} a las ${time}`,
  closedRefusal: (opensAt) =>
    `Lo siento, ahora estamos cerrados y no puedo tomar pedidos.${opensAt ? ` Abrimos ${opensAt}.` : ''}`,
  period: (open, close) => `de ${open} a ${close}`,
  dayPeriods: (dayName, periods) => `El ${dayName} abrimos ${es.list(periods)}.`,
  expiredRefusal:
    'Lo siento, en este momento no podemos tomar pedidos por teléfono. Por favor, llame más tarde o pida en el mostrador.',
  customNotAllowed: 'Lo siento, solo podemos tomar pedidos de los platos de nuestro menú.',
  nothingToOrder: '¿Qué le gustaría pedir?',
  unknownItem: (name, closest) =>
    `No encontré ${name} en nuestro menú.${closest.length ? ` ¿Quiso decir ${es.list(closest)}?` : ''}`,
  soldOut: (name, alternatives) =>
    `Lo siento, ${name} está agotado hoy.${alternatives.length ? ` Puede probar ${es.list(alternatives)}.` : ''}`,
  tooMany: (name, max) => `Puedo tomar como máximo ${max} de ${name} en un pedido por teléfono. ¿Cuántos quiere?`,
  tooManyLines: (max) => `Puedo tomar como máximo ${max} platos distintos en un pedido por teléfono.`,
  tooExpensive: (max) =>
    `Los pedidos por teléfono tienen un límite de ${max}. Para un pedido más grande, hable con nuestro personal.`,
  badQuantity: (name) => `¿Cuántos de ${name} quiere?`,
  alreadyInKitchen:
    'Su pedido ya se está preparando, así que no puedo cambiarlo ahora. Puedo pasarle con nuestro personal.',
  placed: (summary, total, name, orderNumber, willText) =>
    `¡Gracias${name ? `, ${name}` : ''}! Su pedido está hecho: ${summary}.${total ? ` El total es ${total}.` : ''}${orderNumber ? ` Su número de pedido es el ${orderNumber}.` : ''}${willText ? ' Le enviaremos un mensaje cuando lo estemos preparando.' : ''}`,
  updated: (summary, total, orderNumber) =>
    `He actualizado su pedido: ${summary}.${total ? ` El nuevo total es ${total}.` : ''}${orderNumber ? ` Su número de pedido sigue siendo el ${orderNumber}.` : ''}`,
  noOrderFound: 'No encuentro ningún pedido reciente de este número.',
  orderStatus: (status, readyAround) =>
    ({
      new: 'Tenemos su pedido y la cocina empezará en breve.',
      preparing: `Estamos preparando su pedido${readyAround ? ` y estará listo hacia las ${readyAround}` : ''}.`,
      ready: 'Su pedido está listo para recoger.',
      completed: 'Su pedido ya fue recogido.',
      cancelled: 'Su pedido fue cancelado. Puedo tomarle un pedido nuevo.',
    })[status],
  transferring: 'Un momento, le paso con nuestro personal.',
  noStaffLine: 'Lo siento, ahora no hay nadie disponible para atender la llamada. Puedo ayudarle con su pedido.',
  invalidRequest: 'Perdón, no le entendí. ¿Puede repetirlo?',
  failure: 'Lo siento, algo salió mal de nuestro lado. Inténtelo de nuevo en un momento.',
};

const fr: Phrases = {
  list: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`),
  line: (quantity, name) => `${quantity} ${name}`,
  price: money,
  menu: (available, soldOut) =>
    `Aujourd'hui nous avons ${fr.list(available)}.${soldOut.length ? ` Épuisé aujourd'hui : ${fr.list(soldOut)}.` : ''}`,
  emptyMenu: "Désolé, le menu n'est pas disponible pour le moment.",
  orList: (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`),
  otherSection: 'Autres',
  menuInSections: (sections, soldOut) =>
    `Aujourd'hui nous avons : ${sections.map((s) => `${s.name} : ${fr.list(s.items)}.`).join(' ')}${soldOut.length ? ` Épuisé aujourd'hui : ${fr.list(soldOut)}.` : ''}`,
  choice: (name, delta) => (delta === 0 ? name : `${name} ${delta > 0 ? '+' : '-'}${money(Math.abs(delta))}`),
  dishWithOptions: (dish, groups) =>
    [dish, ...groups.map((g) => `${lower(g.name)}${g.required ? '' : ' (en option)'} ${fr.orList(g.choices)}`)].join(
      ', ',
    ),
  optionMissing: (dish, group, choices) => `Quel choix de ${lower(group)} pour ${dish} : ${fr.orList(choices)} ?`,
  optionUnknown: (dish, said, choices) =>
    `Nous n'avons pas ${said} pour ${dish}.${choices.length ? ` Vous pouvez choisir ${fr.orList(choices)}.` : ''}`,
  optionTooMany: (dish, group, choices) =>
    `Choisissez une seule option de ${lower(group)} pour ${dish} : ${fr.orList(choices)}.`,
  openNow: (closesAt) => `Nous sommes ouverts, jusqu'à ${closesAt}.`,
  closedNow: (opensAt) =>
    opensAt ? `Nous sommes fermés pour le moment. Nous ouvrons ${opensAt}.` : 'Nous sommes fermés pour le moment.',
  when: (daysAhead, dayName, time) =>
    daysAhead === 0 ? `aujourd'hui à ${time}` : daysAhead === 1 ? `demain à ${time}` : `${dayName} à ${time}`,
  closedRefusal: (opensAt) =>
    `Désolé, nous sommes fermés et je ne peux pas prendre de commande.${opensAt ? ` Nous ouvrons ${opensAt}.` : ''}`,
  period: (open, close) => `de ${open} à ${close}`,
  dayPeriods: (dayName, periods) => `Le ${dayName}, nous sommes ouverts ${fr.list(periods)}.`,
  expiredRefusal:
    'Désolé, nous ne pouvons pas prendre de commandes par téléphone pour le moment. Rappelez plus tard ou commandez au comptoir.',
  customNotAllowed: 'Désolé, nous ne prenons que les commandes de plats de notre carte.',
  nothingToOrder: 'Que souhaitez-vous commander ?',
  unknownItem: (name, closest) =>
    `Je ne trouve pas ${name} sur notre carte.${closest.length ? ` Vouliez-vous dire ${fr.list(closest)} ?` : ''}`,
  soldOut: (name, alternatives) =>
    `Désolé, ${name} est épuisé aujourd'hui.${alternatives.length ? ` Vous pourriez essayer ${fr.list(alternatives)}.` : ''}`,
  tooMany: (name, max) => `Je peux prendre au plus ${max} ${name} par commande téléphonique. Combien en voulez-vous ?`,
  tooManyLines: (max) => `Je peux prendre au plus ${max} plats différents par commande téléphonique.`,
  tooExpensive: (max) =>
    `Les commandes par téléphone sont limitées à ${max}. Pour une commande plus importante, parlez à notre équipe.`,
  badQuantity: (name) => `Combien de ${name} voulez-vous ?`,
  alreadyInKitchen:
    'Votre commande est déjà en préparation, je ne peux plus la modifier. Je peux vous passer notre équipe.',
  placed: (summary, total, name, orderNumber, willText) =>
    `Merci${name ? `, ${name}` : ''} ! Votre commande est enregistrée : ${summary}.${total ? ` Le total est de ${total}.` : ''}${orderNumber ? ` Votre numéro de commande est le ${orderNumber}.` : ''}${willText ? ' Nous vous enverrons un SMS dès sa préparation.' : ''}`,
  updated: (summary, total, orderNumber) =>
    `J'ai modifié votre commande : ${summary}.${total ? ` Le nouveau total est de ${total}.` : ''}${orderNumber ? ` Votre numéro de commande reste le ${orderNumber}.` : ''}`,
  noOrderFound: 'Je ne trouve pas de commande récente pour ce numéro.',
  orderStatus: (status, readyAround) =>
    ({
      new: 'Nous avons votre commande, la cuisine va bientôt la commencer.',
      preparing: `Votre commande est en préparation${readyAround ? ` et sera prête vers ${readyAround}` : ''}.`,
      ready: 'Votre commande est prête à emporter.',
      completed: 'Votre commande a déjà été retirée.',
      cancelled: 'Votre commande a été annulée. Je peux prendre une nouvelle commande.',
    })[status],
  transferring: 'Un instant, je vous passe notre équipe.',
  noStaffLine: "Désolé, personne n'est disponible pour le moment. Je peux vous aider pour votre commande.",
  invalidRequest: "Pardon, je n'ai pas compris. Pouvez-vous répéter ?",
  failure: 'Désolé, un problème est survenu de notre côté. Réessayez dans un instant.',
};

const zh: Phrases = {
  list: (items) => items.join('、'),
  line: (quantity, name) => `${quantity}份${name}`,
  price: money,
  menu: (available, soldOut) =>
    `今天供应：${zh.list(available)}。${soldOut.length ? `今日售罄：${zh.list(soldOut)}。` : ''}`,
  emptyMenu: '抱歉，菜单暂时无法提供。',
  orList: (items) => items.join('或'),
  otherSection: '其他',
  menuInSections: (sections, soldOut) =>
    `今天供应：${sections.map((s) => `${s.name}：${zh.list(s.items)}。`).join('')}${soldOut.length ? `今日售罄：${zh.list(soldOut)}。` : ''}`,
  choice: (name, delta) => (delta === 0 ? name : `${name}${delta > 0 ? '加' : '减'}${money(Math.abs(delta))}`),
  dishWithOptions: (dish, groups) =>
    [dish, ...groups.map((g) => `${g.name}${g.required ? '' : '（可选）'}：${zh.orList(g.choices)}`)].join('，'),
  optionMissing: (dish, group, choices) => `${dish}要哪种${group}：${zh.orList(choices)}？`,
  optionUnknown: (dish, said, choices) =>
    `${dish}没有“${said}”这个选项。${choices.length ? `可以选${zh.orList(choices)}。` : ''}`,
  optionTooMany: (dish, group, choices) => `${dish}的${group}只能选一种：${zh.orList(choices)}。`,
  openNow: (closesAt) => `我们现在营业，营业到${closesAt}。`,
  closedNow: (opensAt) => (opensAt ? `我们现在不营业，${opensAt}开门。` : '我们现在不营业。'),
  when: (daysAhead, dayName, time) =>
    daysAhead === 0 ? `今天${time}` : daysAhead === 1 ? `明天${time}` : `${dayName}${time}`,
  closedRefusal: (opensAt) => `抱歉，我们现在不营业，无法接单。${opensAt ? `我们${opensAt}开门。` : ''}`,
  period: (open, close) => `${open}至${close}`,
  dayPeriods: (dayName, periods) => `${dayName}的营业时间是${periods.join('和')}。`,
  expiredRefusal: '抱歉，我们目前无法接受电话订餐，请稍后再打来或到店点餐。',
  customNotAllowed: '抱歉，我们只接受菜单上的菜品。',
  nothingToOrder: '请问您想点什么？',
  unknownItem: (name, closest) => `菜单上没有找到“${name}”。${closest.length ? `您是指${zh.list(closest)}吗？` : ''}`,
  soldOut: (name, alternatives) =>
    `抱歉，${name}今天已售罄。${alternatives.length ? `您可以试试${zh.list(alternatives)}。` : ''}`,
  tooMany: (name, max) => `电话订餐每单最多${max}份${name}。您要几份？`,
  tooManyLines: (max) => `电话订餐每单最多${max}种菜品。`,
  tooExpensive: (max) => `电话订餐金额上限为${max}。大额订单请与店员联系。`,
  badQuantity: (name) => `${name}您要几份？`,
  alreadyInKitchen: '您的订单已在制作中，现在无法修改。我可以为您转接店员。',
  placed: (summary, total, name, orderNumber, willText) =>
    `谢谢${name ? `，${name}` : ''}！您的订单已下：${summary}。${total ? `总计${total}。` : ''}${orderNumber ? `您的订单号是${orderNumber}号。` : ''}${willText ? '开始制作时我们会短信通知您。' : ''}`,
  updated: (summary, total, orderNumber) =>
    `已为您更新订单：${summary}。${total ? `新的总计为${total}。` : ''}${orderNumber ? `订单号仍是${orderNumber}号。` : ''}`,
  noOrderFound: '没有找到这个号码最近的订单。',
  orderStatus: (status, readyAround) =>
    ({
      new: '我们已收到您的订单，厨房马上开始制作。',
      preparing: `您的订单正在制作中${readyAround ? `，预计${readyAround}左右可取` : ''}。`,
      ready: '您的订单已可取餐。',
      completed: '您的订单已经取走了。',
      cancelled: '您的订单已取消。我可以为您重新下单。',
    })[status],
  transferring: '请稍等，正在为您转接店员。',
  noStaffLine: '抱歉，现在没有店员可以接听。我可以继续帮您点餐。',
  invalidRequest: '抱歉，我没听清，请再说一遍。',
  failure: '抱歉，我们这边出了点问题，请稍后再试。',
};

export const PHRASES: Record<Language, Phrases> = { en, es, fr, zh };

/** A sentence ending in an abbreviated time ('hasta las 2:00 a.m.') must not get a second full stop. */
export const tidyStops = (text: string) => text.replace(/\.\.(?=\s|$)/g, '.');

/** The BCP 47 locale for times and day names in each language. */
export { LOCALES };

/** Intl formatters are costly to build and cheap to reuse: one per language and purpose. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = build()));
  return format;
}

/** '17:00:00' → '5:00 PM' (en), '17:00' (es, fr), '下午5:00' (zh). */
export function speakTime(language: Language, time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return formatter(
    `time:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(2026, 0, 4, h, m)));
}

/** 0 → 'Sunday' / 'domingo' / 'dimanche' / '星期日'. */
export function speakDay(language: Language, dayOfWeek: number): string {
  // 4 January 2026 was a Sunday.
  return formatter(
    `day:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(2026, 0, 4 + dayOfWeek, 12)));
}
