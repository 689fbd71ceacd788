const displayZone = 'Europe/London';
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function partsOf(value: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: displayZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(value);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare date (no time) is a calendar date, not an instant: keep it as written.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** spec §9: DD-MMM-YYYY, in UK time. Empty or invalid input gives ''. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date);
  return `${pad(p.day)}-${months[p.month - 1]}-${p.year}`;
}

/** spec §9: DD-MMM-YYYY HH:mm:ss, in UK time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date);
  return `${pad(p.day)}-${months[p.month - 1]}-${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/**
 * The moment as YYYYMMDD-HHmmss in UK time, for downloaded file names (spec §9: they include a
 * timestamp): it sorts in time order and holds no character a file system refuses.
 */
export function formatFileTimestamp(value: Date): string {
  const p = partsOf(value);
  return `${p.year}${pad(p.month)}${pad(p.day)}-${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}
