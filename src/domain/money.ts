/** Money (SPEC §9): USD, amounts in cents, shown en-US. Plan prices are in the catalogue (plans.ts). */
import { lazily } from './intl';

const USD = lazily(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** `formatCents(4999)` → '$49.99'. A value that is not a finite number shows as '—'. */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '—';
  return USD().format(cents / 100);
}
