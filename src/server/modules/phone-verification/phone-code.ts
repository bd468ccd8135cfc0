import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { PHONE_CODE_LENGTH } from '@shared/domain/phone-verification';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** A code of PHONE_CODE_LENGTH digits from the system's secure random source, leading zeros kept. */
export function newPhoneCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

/**
 * A salted scrypt hash of a code. A million codes are quick to try against a plain hash; against scrypt (tens of
 * milliseconds each) trying them all takes hours, long after the code has expired.
 */
export async function hashPhoneCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(code, salt, KEY_LENGTH);
  return `scrypt:${salt.toString('base64')}:${hash.toString('base64')}`;
}

export async function isPhoneCodeMatch(code: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(code, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
