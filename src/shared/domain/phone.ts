/** Phone rules from the spec: how numbers are shown, which numbers the payment step accepts, and E.164 for texts. */

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** 10 digits → (XXX) XXX-XXXX; 11 digits → +N (XXX) XXX-XXXX; anything else unchanged. */
export function formatPhoneDisplay(value: string | null | undefined): string {
  if (!value) return '';
  const digits = digitsOf(value);
  if (digits.length === 10) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  if (digits.length === 11) {
    return `+${digits[0]} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  return value;
}

/**
 * A 10-digit US-style number: optional parentheses around the area code, separated by dash, dot or space.
 * Accepts 5551234567, 555-123-4567, (555) 123-4567, 555.123.4567, 555 123 4567.
 */
const US_PHONE = /^(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}$/;

export function isValidUsPhone(value: string): boolean {
  return US_PHONE.test(value.trim());
}

/**
 * A restaurant's own number as typed in its profile: 10 to 15 digits, written with digits, spaces, dots, dashes,
 * parentheses and a leading plus only.
 */
export function isValidContactPhone(value: string): boolean {
  const digits = digitsOf(value).length;
  return digits >= 10 && digits <= 15 && /^[\d\s().+-]+$/.test(value);
}

/** E.164 for a North American number (10 digits, or 11 starting with 1); null when it cannot be one. */
export function toE164(value: string): string | null {
  const digits = digitsOf(value);
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  if (value.trim().startsWith('+') && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  return null;
}
