import type { Language } from '@shared/domain/languages';
import type { NotificationKind } from '@shared/domain/notifications';
import { PHONE_CODE_TTL_SECONDS } from '@shared/domain/phone-verification';
import { PRODUCT_NAME } from '@shared/product';

interface TemplateInput {
  restaurantName: string;
  readyInMinutes: number | null;
  /** The order's number for the day (#12), said at the counter; null for orders from before numbers existed. */
  orderNumber: number | null;
}

/** ' #12', or nothing for an order without a number. */
const no = (t: TemplateInput) => (t.orderNumber === null ? '' : ` #${t.orderNumber}`);

/** Customer texts, in the assistant's language. Short: one SMS segment where the restaurant name allows. */
const TEMPLATES: Record<Language, Record<NotificationKind, (t: TemplateInput) => string>> = {
  en: {
    confirmed: (t) => `${t.restaurantName}: we received your order${no(t)}. We'll text you when it's being prepared.`,
    preparing: (t) =>
      `${t.restaurantName}: your order${no(t)} is being prepared and will be ready for pickup in about ${t.readyInMinutes} minutes.`,
    ready: (t) => `${t.restaurantName}: your order${no(t)} is ready for pickup. See you soon!`,
    cancelled: (t) => `${t.restaurantName}: your order${no(t)} has been cancelled. Please call us with any questions.`,
  },
  es: {
    confirmed: (t) => `${t.restaurantName}: recibimos tu pedido${no(t)}. Te avisaremos cuando lo estemos preparando.`,
    preparing: (t) =>
      `${t.restaurantName}: estamos preparando tu pedido${no(t)}; estará listo para recoger en unos ${t.readyInMinutes} minutos.`,
    ready: (t) => `${t.restaurantName}: tu pedido${no(t)} está listo para recoger. ¡Te esperamos!`,
    cancelled: (t) => `${t.restaurantName}: tu pedido${no(t)} fue cancelado. Llámanos si tienes alguna pregunta.`,
  },
  fr: {
    confirmed: (t) =>
      `${t.restaurantName} : nous avons bien reçu votre commande${no(t)}. Nous vous écrirons dès sa préparation.`,
    preparing: (t) =>
      `${t.restaurantName} : votre commande${no(t)} est en préparation et sera prête à emporter dans environ ${t.readyInMinutes} minutes.`,
    ready: (t) => `${t.restaurantName} : votre commande${no(t)} est prête à emporter. À tout de suite !`,
    cancelled: (t) => `${t.restaurantName} : votre commande${no(t)} a été annulée. Appelez-nous pour toute question.`,
  },
  zh: {
    confirmed: (t) => `${t.restaurantName}：我们已收到您的订单${no(t)}，开始制作时会短信通知您。`,
    preparing: (t) => `${t.restaurantName}：您的订单${no(t)}正在制作中，约 ${t.readyInMinutes} 分钟后可取餐。`,
    ready: (t) => `${t.restaurantName}：您的订单${no(t)}已可取餐，期待您的光临！`,
    cancelled: (t) => `${t.restaurantName}：您的订单${no(t)}已取消，如有疑问请致电我们。`,
  },
};

export function smsBody(language: Language, kind: NotificationKind, input: TemplateInput): string {
  return TEMPLATES[language][kind](input);
}

/**
 * The text that proves a number is the owner's: from us, not from a restaurant, and in English like the rest of the
 * owner's app. The last line is the one-time-code format (`@host #code`) that lets a phone offer the code to our site,
 * and only to it.
 */
export function phoneCodeSms({
  code,
  restaurantName,
  appHost,
}: {
  code: string;
  restaurantName: string | null;
  appHost: string;
}): string {
  const target = restaurantName ? restaurantName : `a ${PRODUCT_NAME} restaurant`;
  return (
    `${PRODUCT_NAME}: ${code} is your code to connect this number to ${target}. ` +
    `It expires in ${PHONE_CODE_TTL_SECONDS / 60} minutes. Didn't ask for it? Ignore this text.\n\n@${appHost} #${code}`
  );
}
