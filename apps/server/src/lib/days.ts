/** Calendar days as the server compares them: UTC, `YYYY-MM-DD` (assignment dates, the daily notices). */

/** The UTC day of `d` (today by default). */
export const utcDay = (d: Date = new Date()): string => d.toISOString().slice(0, 10);

/** The day `n` days after `day` (before it when negative). */
export const plusDays = (day: string, n: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/**
 * SQL text formatting the timestamptz expression `expr` as `Date.toISOString` does (UTC, milliseconds, `Z`), for
 * statements that answer API dates themselves instead of having Node parse and format each one.
 */
export const isoTextSql = (expr: string): string =>
  `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
