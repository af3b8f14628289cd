/** How figures read in answers: counts, money, durations and dates (en-US, UTC). */

const COUNT = new Intl.NumberFormat('en-US');
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function count(n: number): string {
  return COUNT.format(n);
}

/** Cents as US dollars: 12999 -> $129.99. */
export function usd(cents: number): string {
  return USD.format(cents / 100);
}

export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return s > 0 && m < 10 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** "Jun 3, 2025". */
export function shortDate(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "Jun 3, 2025, 2:13 PM UTC". */
export function dateTime(date: Date): string {
  return `${shortDate(date)}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** "Wed, Jun 11" for a YYYY-MM-DD day. */
export function dayName(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function excerpt(text: string, max = 110): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
