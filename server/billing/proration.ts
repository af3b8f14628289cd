/**
 * Proration, the way Stripe computes it for a plan change with `proration_behavior:
 * 'always_invoice'`: the unused time of the old price is credited and the remaining time of the
 * new one charged, each in proportion to the seconds left in the period and rounded to the cent,
 * and the difference is invoiced at once. The local provider charges exactly this; with Stripe the
 * figure comes from `invoices.createPreview` with the same `proration_date`.
 */

/** Whole seconds since the epoch (Stripe's timestamps, `proration_date`). */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export interface ProrationInput {
  oldPrice: number;
  newPrice: number;
  periodStart: Date;
  periodEnd: Date;
  /** The proration date: when the change counts from. */
  at: Date;
}

/** The credit for the old price's unused time and the charge for the new price's remaining time, in cents. */
function prorationLines({ oldPrice, newPrice, periodStart, periodEnd, at }: ProrationInput): { credit: number; charge: number } {
  const total = unixSeconds(periodEnd) - unixSeconds(periodStart);
  if (total <= 0) return { credit: 0, charge: 0 };
  const remaining = Math.min(total, Math.max(0, unixSeconds(periodEnd) - unixSeconds(at)));
  return { credit: Math.round((oldPrice * remaining) / total), charge: Math.round((newPrice * remaining) / total) };
}

/** What the change invoices now: the charge less the credit, never below zero (a credit is not paid out). */
export function proratedAmount(input: ProrationInput): number {
  const { credit, charge } = prorationLines(input);
  return Math.max(0, charge - credit);
}
