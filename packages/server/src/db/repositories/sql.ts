/** What every repository shares in writing its SQL. */

/** jsonb parameters go in as JSON text (`$n::jsonb`): `pg` would turn a JS array into a PostgreSQL array. */
export const json = (value: unknown): string => JSON.stringify(value);

/**
 * A LIKE pattern matching any text that contains `text`, its own `%`, `_` and `\` taken
 * literally; use it with `ESCAPE '\'`.
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
