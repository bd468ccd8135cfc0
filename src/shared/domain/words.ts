/** [10, 15, 20, 30] → '10, 15, 20 or 30', for sentences generated from a domain list. */
export function listInWords(values: readonly (string | number)[], conjunction = 'or'): string {
  const words = values.map(String);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}
