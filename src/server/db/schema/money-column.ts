import { customType } from 'drizzle-orm/pg-core';
import { centsFromNumeric, numericFromCents, type Cents } from '@shared/domain/money';

/**
 * A `numeric(10, 2)` dollars column that code reads and writes as integer cents. The SQL type is spelled exactly as
 * drizzle-kit spells `numeric({ precision: 10, scale: 2 })`, so the migrations see no change. Both drivers (PGlite
 * and node-postgres) hand numeric values over as text ('12.50'); the conversion is string arithmetic, never a float
 * multiply.
 */
export const cents = customType<{ data: Cents; driverData: string }>({
  dataType: () => 'numeric(10, 2)',
  fromDriver: (value) => centsFromNumeric(value),
  toDriver: (value) => numericFromCents(value),
});
