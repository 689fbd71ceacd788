/**
 * List filters live in the address (docs/requirements.md §2 breadcrumbs keep the query), so that Back, reload
 * and links return to the same search. Page numbers start at 1.
 */
export function readFilters<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const filters: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function writeFilters(
  filters: Record<string, string | readonly string[] | undefined>,
  page = 1,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value)) value.filter(Boolean).forEach((item) => params.append(key, item));
    else if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim());
  }
  if (page > 1) params.set('page', String(page));
  return params;
}
