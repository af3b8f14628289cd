/**
 * Payloads for the dev inspector's event log, with every secret removed. Two nets, both deep
 * (objects, arrays, errors, maps, sets, at any depth):
 *
 * - by key name: passwords, one-time codes (confirmation, reset, MFA/TOTP), tokens (id, access,
 *   refresh), secrets, sessions and the like lose their whole value, whatever its shape;
 * - by value shape, whatever the key: JWTs, `otpauth://` URIs, Stripe client secrets and secret
 *   keys, bearer tokens, base32 TOTP secrets, long opaque tokens and bare 6-8 digit codes.
 *
 * The result is plain data (strings, numbers, booleans, null, arrays, objects), safe to show and
 * to serialise. Actor references and snapshots inside a payload become short descriptions.
 */

export const REDACTED = '[redacted]';

/** Words of a key name whose value is a secret, whatever it looks like (`newPassword`, `id_token`). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passcode',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'tokens',
  'jwt',
  'otp',
  'totp',
  'otpauth',
  'mfa',
  'session',
  'authorization',
  'cookie',
  'credential',
  'credentials',
  'signature',
  'pin',
  'apikey',
]);
/** A key ending in `code` is a one-time code (`code`, `confirmationCode`) unless it is one of these. */
const HARMLESS_BEFORE_CODE = new Set([
  'status',
  'error',
  'country',
  'currency',
  'http',
  'reason',
  'language',
  'locale',
  'region',
  'response',
  'postal',
  'zip',
  'promo',
]);

/** `newPassword` -> new, password; `TOTPCode` -> totp, code; `client_secret` -> client, secret. */
function wordsOf(key: string): string[] {
  return (key.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((w) => w.toLowerCase());
}

/** Secret-shaped pieces of a longer string, replaced where they stand. */
const SECRET_PIECES: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['JWT', /eyJ[\w-]+\.[\w-]+(?:\.[\w-]*)*/g],
  ['otpauth URI', /otpauth:\/\/\S+/gi],
  ['Stripe client secret', /\b[a-z]+_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g],
  ['Stripe secret key', /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+/g],
  ['bearer token', /\bBearer\s+[\w.~+/=-]+/gi],
];
/** Whole strings that are secrets by shape. */
const BASE32_SECRET = /^[A-Z2-7]{16,}=*$/;
const ONE_TIME_CODE = /^\d{6,8}$/;
const OPAQUE_TOKEN = /^[A-Za-z0-9+/=_-]{40,}$/;

const MAX_DEPTH = 8;

function isSecretKey(key: string): boolean {
  if (key === 'sessionId') return false; // XState's id of an actor, not a sign-in session
  const words = wordsOf(key);
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  const last = words.length - 1;
  if (words[last] === 'key' && (words[last - 1] === 'api' || words[last - 1] === 'private')) return true;
  return words[last] === 'code' && !HARMLESS_BEFORE_CODE.has(words[last - 1] ?? '');
}

/** A long run of mixed-case letters and digits: an opaque token (refresh token, Cognito session). */
function looksOpaque(text: string): boolean {
  return OPAQUE_TOKEN.test(text) && !text.startsWith('/') && /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text);
}

/** `text` with every secret-shaped part replaced. */
export function redactString(text: string): string {
  const trimmed = text.trim();
  if (BASE32_SECRET.test(trimmed)) return `${REDACTED} (TOTP secret)`;
  if (ONE_TIME_CODE.test(trimmed)) return `${REDACTED} (code)`;
  if (looksOpaque(trimmed)) return `${REDACTED} (token)`;
  let out = text;
  for (const [name, pattern] of SECRET_PIECES) out = out.replace(pattern, `${REDACTED} (${name})`);
  return out;
}

interface ActorLike {
  id: string;
  sessionId: string;
  send: unknown;
}

function isActorRef(value: object): value is ActorLike {
  const v = value as Partial<ActorLike>;
  return typeof v.sessionId === 'string' && typeof v.id === 'string' && typeof v.send === 'function';
}

function isMachineSnapshot(value: object): value is { status: unknown; value: unknown; context: unknown } {
  return 'machine' in value && 'value' in value && 'context' in value && 'status' in value;
}

/** A deep copy of `value` without secrets (see the module comment). */
export function redact(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (v === null || v === undefined) return v ?? null;
    if (typeof v === 'string') return redactString(v);
    if (typeof v === 'number' || typeof v === 'boolean') return v;
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'function') return '[function]';
    if (seen.has(v)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[…]';
    seen.add(v);
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
    if (v instanceof Error) return { name: v.name, message: redactString(v.message) };
    if (isActorRef(v)) return `[actor ${v.id}]`;
    if (isMachineSnapshot(v))
      return { status: walk(v.status, depth + 1), value: walk(v.value, depth + 1), context: walk(v.context, depth + 1) };
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    if (v instanceof Map) return walk(Object.fromEntries([...v.entries()].map(([k, x]) => [String(k), x])), depth);
    if (v instanceof Set) return walk([...v], depth);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      const secret = isSecretKey(key) && item !== null && item !== undefined && typeof item !== 'boolean';
      out[key] = secret ? REDACTED : walk(item, depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}

/** An event's payload (everything but its type), redacted. */
export function redactEventPayload(event: { type: string }): Record<string, unknown> {
  const { type: _type, ...rest } = event as Record<string, unknown>;
  return redact(rest) as Record<string, unknown>;
}
