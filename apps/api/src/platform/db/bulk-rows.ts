/**
 * Rows handed to one statement as parallel arrays, one parameter a column, and read back with
 * `unnest` (decision 0028). The embedded database spent about 45 µs a row turning a JSON document
 * into records with `jsonb_to_recordset`; reading arrays costs a small fraction of that, on
 * PostgreSQL too.
 */
export type BulkValue = string | number | boolean | null | undefined;

/** A Postgres array literal of the values, each quoted as text (NULL for null and undefined). */
export function arrayLiteral(values: readonly BulkValue[]): string {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'string')
      // Most values (ids, codes, JSON without quotes) need no escape: the search is cheaper than a replace.
      return value.includes('"') || value.includes('\\')
        ? `"${value.replace(/["\\]/g, '\\$&')}"`
        : `"${value}"`;
    return String(value);
  });
  return `{${elements.join(',')}}`;
}

/**
 * The rows' columns as parameters from `$firstParam` on, and the SQL that reads them back as the
 * record `alias` (each column named as given, quoted, with its type).
 */
export function rowsAsArrays<Row>(
  rows: readonly Row[],
  columns: readonly (readonly [name: keyof Row & string, type: string])[],
  firstParam: number,
  alias = 'v',
): { source: string; params: string[] } {
  const arrays = columns.map(([, type], index) => `$${firstParam + index}::${type}[]`);
  const names = columns.map(([name]) => `"${name}"`);
  return {
    source: `unnest(${arrays.join(', ')}) as ${alias}(${names.join(', ')})`,
    params: columns.map(([name]) => arrayLiteral(rows.map((row) => row[name] as BulkValue))),
  };
}
