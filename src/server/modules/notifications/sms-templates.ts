import type { Language } from '@shared/domain/languages';
import type { NotificationKind } from '@shared/domain/notifications';
import { PHONE_CODE_TTL_SECONDS } from '@shared/domain/phone-verification';
import { PRODUCT_NAME } from '@shared/product';
import { PACKS } from '../language';
import type { CustomerTextInput } from '../language/types';

/** The text a customer gets at this step of their order, in the language the call was held in. */
export function smsBody(language: Language, kind: NotificationKind, input: CustomerTextInput): string {
  return PACKS[language].texts[kind](input);
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
