/**
 * Browser storage used by the console, behind one small interface.
 *
 * - The pending confirmation (SPEC §3) lives in localStorage under `auth_pending_confirmation`, so a
 *   reload on the Confirm Email screen stays there and the signup data survives until signup
 *   completion. It is parsed with valibot on read: a corrupt or foreign value reads as "none". It
 *   holds a person's name, phone and organisation on a possibly shared computer, so it lasts a day
 *   (PENDING_CONFIRMATION_TTL_MS, its end in `auth_pending_confirmation_expires_at`, beside it so the
 *   record keeps SPEC's fields only): read after that, it is removed and reads as none. A record
 *   found without an end (kept by an older console) is given one a day from when it is first read.
 *   Signup completion and sign-out remove it (the auth machine's `clearPendingConfirmation`).
 * - The identity tokens live in sessionStorage (see the decision in src/services/identity/index.ts):
 *   `tokens` is the store handed to the identity SDK; `tokens.clear()` removes the identity keys only.
 * - The users list's last view (its URL query) lives in sessionStorage under `users_view`, for the
 *   billing page's 'Back to Users'; sign-out removes it.
 *
 * When a storage area is unavailable (blocked cookies, a private window with quota 0) the module
 * falls back to memory for that area, so the console still works for the length of the visit.
 */
import * as v from 'valibot';

export const PENDING_CONFIRMATION_KEY = 'auth_pending_confirmation';
/** When the pending confirmation stops being read (milliseconds since the epoch, as text). */
export const PENDING_CONFIRMATION_EXPIRES_KEY = 'auth_pending_confirmation_expires_at';
/** How long a pending sign-up's details are kept: a day. */
export const PENDING_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

/** The users list's last view (its URL query), so 'Back to Users' returns to it. */
const USERS_VIEW_KEY = 'users_view';

/** Every key the identity SDK writes starts with this prefix. */
export const IDENTITY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

const PendingConfirmationSchema = v.object({
  email: v.pipe(v.string(), v.minLength(1)),
  isRequired: v.boolean(),
  signupData: v.object({
    phoneNumber: v.string(),
    organization: v.string(),
    fullName: v.string(),
  }),
});
export type PendingConfirmation = v.InferOutput<typeof PendingConfirmationSchema>;

/** The store shape the identity SDK accepts (its `ICognitoStorage`). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface AppStorage {
  loadPendingConfirmation(): PendingConfirmation | null;
  savePendingConfirmation(pending: PendingConfirmation): void;
  clearPendingConfirmation(): void;
  /** The users list's last view as its URL query ('' or '?…'), kept for the tab (sessionStorage). */
  loadUsersView(): string | null;
  saveUsersView(query: string): void;
  /** Forgets it (sign-out: a search may name a member, and the next person in this tab is not owed it). */
  clearUsersView(): void;
  /** sessionStorage-backed store for the identity tokens. */
  readonly tokens: KeyValueStore;
}

/** The part of `window` this module uses. */
export interface StorageHost {
  readonly localStorage: Storage;
  readonly sessionStorage: Storage;
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

/** The named area when it can be read and written, else an in-memory stand-in. */
function usableArea(host: StorageHost, area: 'localStorage' | 'sessionStorage'): Storage {
  try {
    const storage = host[area];
    const probe = '__hardline_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

export function createStorage(host: StorageHost): AppStorage {
  const local = usableArea(host, 'localStorage');
  const session = usableArea(host, 'sessionStorage');

  const tokens: KeyValueStore = {
    getItem: (key) => session.getItem(key),
    setItem: (key, value) => session.setItem(key, value),
    removeItem: (key) => session.removeItem(key),
    clear: () => {
      for (const key of keysOf(session)) {
        if (key.startsWith(IDENTITY_KEY_PREFIX)) session.removeItem(key);
      }
    },
  };

  const clearPending = () => {
    local.removeItem(PENDING_CONFIRMATION_KEY);
    local.removeItem(PENDING_CONFIRMATION_EXPIRES_KEY);
  };

  return {
    loadPendingConfirmation() {
      const raw = local.getItem(PENDING_CONFIRMATION_KEY);
      if (raw === null) return null;
      const expiresAt = Number(local.getItem(PENDING_CONFIRMATION_EXPIRES_KEY) ?? Number.NaN);
      if (!Number.isFinite(expiresAt)) {
        local.setItem(PENDING_CONFIRMATION_EXPIRES_KEY, String(Date.now() + PENDING_CONFIRMATION_TTL_MS));
      } else if (expiresAt <= Date.now()) {
        clearPending();
        return null;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return null;
      }
      const result = v.safeParse(PendingConfirmationSchema, parsed);
      return result.success ? result.output : null;
    },
    savePendingConfirmation(pending) {
      local.setItem(PENDING_CONFIRMATION_KEY, JSON.stringify(v.parse(PendingConfirmationSchema, pending)));
      local.setItem(PENDING_CONFIRMATION_EXPIRES_KEY, String(Date.now() + PENDING_CONFIRMATION_TTL_MS));
    },
    clearPendingConfirmation: clearPending,
    loadUsersView() {
      const query = session.getItem(USERS_VIEW_KEY);
      // Only a query string: anything else found under the key is not ours to follow.
      return query !== null && (query === '' || query.startsWith('?')) ? query : null;
    },
    saveUsersView(query) {
      session.setItem(USERS_VIEW_KEY, query);
    },
    clearUsersView() {
      session.removeItem(USERS_VIEW_KEY);
    },
    tokens,
  };
}
