/**
 * docs/requirements.md §7: the users list takes its filters as a bracket-style query, e.g.
 * `filters[userName]=jo&filters[assignedRoles][]=cu&filters[assignedRoles][]=cl&filters[status]=1`.
 *
 * Written form (what the web app sends): `filters[name]=value` for one value and
 * `filters[name][]=value` repeated for a list. Read forms (what the server accepts, so that other
 * clients' serialisers work too): also `filters[name][0]=value` (indexed) and
 * `filters[name]=a,b` (comma-separated) for lists. Anything else under `filters` is refused.
 */
export type RawQueryValue = string | string[] | undefined;
export type RawQuery = Record<string, RawQueryValue>;

export interface BracketFilterSpec {
  scalars: readonly string[];
  lists: readonly string[];
}

export type BracketFilterResult =
  { ok: true; values: Record<string, string | string[]> } | { ok: false; errors: Record<string, string[]> };

const keyPattern = /^filters\[([A-Za-z][A-Za-z0-9]*)\](\[(\d{0,3})\])?$/;

/** Builds the written form; blank values and empty lists are left out. */
export function toBracketQuery(
  filters: Record<string, string | number | readonly string[] | null | undefined>,
): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const items = value.map((item) => String(item).trim()).filter(Boolean);
      if (items.length > 0) query[`filters[${name}][]`] = items;
    } else {
      const text = String(value).trim();
      if (text !== '') query[`filters[${name}]`] = text;
    }
  }
  return query;
}

/** Reads every `filters[...]` key of a parsed query string; other keys are not its business. */
export function parseBracketFilters(query: RawQuery, spec: BracketFilterSpec): BracketFilterResult {
  const errors: Record<string, string[]> = {};
  const lists = new Map<string, string[]>();
  const scalars = new Map<string, string>();
  const fail = (key: string, message: string) => (errors[key] ??= []).push(message);

  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || (key !== 'filters' && !key.startsWith('filters['))) continue;
    const match = keyPattern.exec(key);
    if (!match) {
      fail(key, 'Write filters as filters[name]=value or filters[name][]=value');
      continue;
    }
    const name = match[1]!;
    const bracketed = match[2] !== undefined;
    const values = Array.isArray(raw) ? raw : [raw];
    if (spec.lists.includes(name)) {
      const target = lists.get(name) ?? [];
      for (const value of values) {
        // Comma-separated lists are split only in the plain form: bracketed items are one value each.
        const parts = bracketed ? [value] : value.split(',');
        for (const part of parts) {
          const item = part.trim();
          if (item !== '' && !target.includes(item)) target.push(item);
        }
      }
      lists.set(name, target);
    } else if (spec.scalars.includes(name)) {
      if (bracketed || values.length !== 1 || scalars.has(name)) {
        fail(`filters[${name}]`, 'Give one value for this filter');
        continue;
      }
      const value = values[0]!.trim();
      if (value !== '') scalars.set(name, value);
    } else {
      fail(`filters[${name}]`, 'Unknown filter');
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of scalars) result[name] = value;
  for (const [name, value] of lists) if (value.length > 0) result[name] = value;
  return { ok: true, values: result };
}
