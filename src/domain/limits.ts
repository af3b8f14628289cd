/**
 * Limits on everything the console sends and the API accepts, in one place: the API contract
 * (src/contract/api.ts) and so the reference API (server/), the console's forms
 * (src/domain/forms.ts) and the console's fields (`maxLength`) all read these numbers.
 *
 * Lengths count UTF-16 code units, as `String.prototype.length`, valibot's `maxLength` and the
 * HTML `maxlength` attribute do, so the browser, the console's validation and the API agree.
 */
import { formatCount } from './intl';
export const LIMITS = {
  /** A person's full name (sign-up) and a member's name. */
  name: 100,
  /** The organisation's name (sign-up). */
  organization: 100,
  /** An email address: at most 254 characters in an SMTP path (RFC 5321). */
  email: 254,
  /** A phone number as typed (spaces, brackets, dashes included); its E.164 form has at most 16. */
  phone: 20,
  /** The optional cancellation reason of the Manage Subscription modal. */
  cancellationReason: 500,
  /** A question to the Assistant. */
  question: 2000,
  /** A site named in an Assistant intent (a call's or task's site, as the mobile app records it). */
  site: 200,
  /** One word of an Assistant intent's free-text search. */
  searchTerm: 50,
  /** An IANA time zone name sent with a question ("America/Argentina/ComodRivadavia" is among the longest, 32). */
  timeZone: 64,
  /** Any id: member ids (UUIDs), the user pool's `sub`, provider-style ids (`seti_…`, `pm_…`). */
  id: 100,
  /** The users list search (long enough for a whole email address). */
  search: 254,
  /**
   * Users one bulk update may name: enough to undo a bulk change by filter by its ids, which still
   * fit the 64 kB body (1,500 UUIDs are about 59 kB of JSON).
   */
  bulkUserIds: 1500,
  /** Members one bulk change by filter may change (docs/USERS.md "Bulk changes by filter"). */
  bulkByFilter: 1500,
  /** The highest page number of a list (with at most `pageSize` rows a page). */
  page: 100_000,
  /** Rows a list page may hold. */
  pageSize: 100,
  /** A request body, in bytes (64 kB); the API answers 413 before reading a larger one whole. */
  requestBodyBytes: 64 * 1024,
  /** A CSV file to import (Import CSV), in bytes (2 MB): the import's route has this limit of its own. */
  importBytes: 2 * 1024 * 1024,
  /** Members one CSV import may name (its data rows). */
  importRows: 5000,
  /** A file name as the browser gives it. */
  fileName: 255,
} as const;

/** 'Name must be at most 100 characters' (the label as the reader knows the field). */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${formatCount(max)} characters`;
}

/** 'The request body is too large (limit 64 kB).' */
export const REQUEST_BODY_TOO_LARGE_MESSAGE = `The request body is too large (limit ${LIMITS.requestBodyBytes / 1024} kB).`;

/** Within the last tenth of the limit (at least the last 2 characters): where a field starts showing its count. */
export function isNearLimit(length: number, max: number): boolean {
  return max - length <= Math.max(2, Math.ceil(max / 10));
}

/**
 * Control characters (C0 and DEL) other than, when `allowLineBreaks`, tab, line feed and carriage
 * return. Text fields refuse them: PostgreSQL cannot store NUL in text, and none of them belongs in
 * a name, an email, an id or a search.
 */
export function hasControlCharacters(text: string, { allowLineBreaks = false }: { allowLineBreaks?: boolean } = {}): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code === 0x7f) return true;
    if (code < 0x20 && !(allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
}

/**
 * Characters that change how a name looks without being seen: bidirectional embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what follows them ("Ann\u202Egnp.exe"
 * shows as "Annexe.png"), zero-width spaces and joiners (U+200B–U+200D, U+2060, U+FEFF) that make
 * two names that look alike different, and the C1 control characters (U+0080–U+009F). A name with
 * one spoofs another in the users table, the activity trail and the exported CSV.
 */
export function hasInvisibleFormatting(text: string): boolean {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code >= 0x80 && code <= 0x9f) return true;
    if (code >= 0x200b && code <= 0x200d) return true;
    if (code >= 0x202a && code <= 0x202e) return true;
    if (code >= 0x2066 && code <= 0x2069) return true;
    if (code === 0x2060 || code === 0xfeff) return true;
  }
  return false;
}

/** 'Name must not contain invisible or text-direction characters' (console and API alike, with their field's label). */
export function invisibleFormattingMessage(label: string): string {
  return `${label} must not contain invisible or text-direction characters`;
}

/** A UTF-16 surrogate without its pair: not a character, and stored as U+FFFD if let through. */
export function hasLoneSurrogate(text: string): boolean {
  // A string is iterated by code point: a pair comes as one character of two units, a lone surrogate as one of one.
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) return true;
  }
  return false;
}
