/**
 * The name of the unique index or constraint a statement violated (PostgreSQL error 23505), or null for any other
 * error. Drizzle wraps the driver's error (pg's or PGlite's, both carrying `code` and `constraint`) in its own, so
 * the chain of causes is searched.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return null;
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return null;
}
