/** Badge colours of SPEC §4 Subscription. */
export function statusColor(status: string): string {
  switch (status) {
    case 'active':
      return 'green';
    case 'trialing':
      return 'blue';
    case 'past_due':
      return 'red';
    default:
      return 'gray';
  }
}

/** Invoice badge colours: paid green, open yellow, otherwise red. */
export function invoiceStatusColor(status: string): string {
  if (status === 'paid') return 'green';
  if (status === 'open') return 'yellow';
  return 'red';
}

/** Access-level badge colours (pro, lite, trial; anything else is free). */
export function accessLevelColor(level: string): string {
  switch (level) {
    case 'pro':
      return 'purple';
    case 'lite':
      return 'blue';
    case 'trial':
      return 'orange';
    default:
      return 'gray';
  }
}
