/**
 * Phone rules of SPEC §5: normalisation to E.164, validity, and the +1 display format.
 * Pure functions; the forms (src/domain/forms.ts) and the views build on them.
 */

export const PHONE_INVALID_MESSAGE = 'Please enter a valid phone number (e.g., 5551234567 or +15551234567)';

/** The default country code of SPEC §9. */
const DEFAULT_COUNTRY_CODE = '+1';

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * SPEC §5, in order: strip every character except digits and plus; keep the value if it starts
 * with +; 10 digits get a +1 prefix; 11 digits starting with 1 get a +; anything else gets +1.
 * (SPEC's 10-digit rule and its last rule both prefix +1, so the code needs no step of its own for it.)
 */
export function normalizePhone(input: string): string {
  const cleaned = input.replace(/[^\d+]/g, '');
  if (cleaned.startsWith('+')) return cleaned;
  if (/^1\d{10}$/.test(cleaned)) return `+${cleaned}`;
  return `${DEFAULT_COUNTRY_CODE}${cleaned}`;
}

/** Valid means a plus, a non-zero first digit, then 1 to 14 more digits. */
export function isValidPhone(normalized: string): boolean {
  return E164.test(normalized);
}

/**
 * Display form `+1 (xxx) xxx-xxxx` for a value holding 10 digits, or 11 digits whose first is the
 * country code 1. Any other value (another country, a partial number) is shown unchanged rather
 * than mislabelled as a +1 number.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  let national: string;
  if (digits.length === 10) national = digits;
  else if (digits.length === 11 && digits.startsWith('1')) national = digits.slice(1);
  else return value;
  return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
