import type { Language } from '@shared/domain/languages';
import type { NotificationKind } from '@shared/domain/notifications';

interface TemplateInput {
  restaurantName: string;
  readyInMinutes: number | null;
}

/** Customer texts, in the assistant's language. Short: one SMS segment where the restaurant name allows. */
const TEMPLATES: Record<Language, Record<NotificationKind, (t: TemplateInput) => string>> = {
  en: {
    confirmed: (t) => `${t.restaurantName}: we received your order. We'll text you when it's being prepared.`,
    preparing: (t) =>
      `${t.restaurantName}: your order is being prepared and will be ready for pickup in about ${t.readyInMinutes} minutes.`,
    ready: (t) => `${t.restaurantName}: your order is ready for pickup. See you soon!`,
  },
  es: {
    confirmed: (t) => `${t.restaurantName}: recibimos tu pedido. Te avisaremos cuando lo estemos preparando.`,
    preparing: (t) =>
      `${t.restaurantName}: estamos preparando tu pedido; estará listo para recoger en unos ${t.readyInMinutes} minutos.`,
    ready: (t) => `${t.restaurantName}: tu pedido está listo para recoger. ¡Te esperamos!`,
  },
  fr: {
    confirmed: (t) =>
      `${t.restaurantName} : nous avons bien reçu votre commande. Nous vous écrirons dès sa préparation.`,
    preparing: (t) =>
      `${t.restaurantName} : votre commande est en préparation et sera prête à emporter dans environ ${t.readyInMinutes} minutes.`,
    ready: (t) => `${t.restaurantName} : votre commande est prête à emporter. À tout de suite !`,
  },
  zh: {
    confirmed: (t) => `${t.restaurantName}：我们已收到您的订单，开始制作时会短信通知您。`,
    preparing: (t) => `${t.restaurantName}：您的订单正在制作中，约 ${t.readyInMinutes} 分钟后可取餐。`,
    ready: (t) => `${t.restaurantName}：您的订单已可取餐，期待您的光临！`,
  },
};

export function smsBody(language: Language, kind: NotificationKind, input: TemplateInput): string {
  return TEMPLATES[language][kind](input);
}
