import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_CONFIRMATION_EXPIRES_KEY,
  PENDING_CONFIRMATION_KEY,
  PENDING_CONFIRMATION_TTL_MS,
  createStorage,
} from '../../../src/services/storage';

const pending = {
  email: 'ada@example.com',
  isRequired: true,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};

describe('app storage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('persists the pending confirmation in localStorage under auth_pending_confirmation', () => {
    const storage = createStorage(window);
    storage.savePendingConfirmation(pending);
    expect(JSON.parse(localStorage.getItem(PENDING_CONFIRMATION_KEY) ?? 'null')).toEqual(pending);
    expect(createStorage(window).loadPendingConfirmation()).toEqual(pending);
    storage.clearPendingConfirmation();
    expect(localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
    expect(storage.loadPendingConfirmation()).toBeNull();
  });

  describe('the pending confirmation lasts a day', () => {
    const DAY = 24 * 60 * 60 * 1000;
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-05T09:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    it('from when it was saved: read until then, removed (with its end) once it is over', () => {
      expect(PENDING_CONFIRMATION_TTL_MS).toBe(DAY);
      createStorage(window).savePendingConfirmation(pending);
      expect(localStorage.getItem(PENDING_CONFIRMATION_EXPIRES_KEY)).toBe(String(Date.now() + DAY));
      vi.setSystemTime(Date.now() + DAY - 1);
      expect(createStorage(window).loadPendingConfirmation()).toEqual(pending);
      vi.setSystemTime(Date.now() + 1);
      expect(createStorage(window).loadPendingConfirmation()).toBeNull();
      expect(localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
      expect(localStorage.getItem(PENDING_CONFIRMATION_EXPIRES_KEY)).toBeNull();
    });

    it('a record kept without an end is given one a day from its first reading', () => {
      localStorage.setItem(PENDING_CONFIRMATION_KEY, JSON.stringify(pending));
      expect(createStorage(window).loadPendingConfirmation()).toEqual(pending);
      vi.setSystemTime(Date.now() + DAY - 1);
      expect(createStorage(window).loadPendingConfirmation()).toEqual(pending);
      vi.setSystemTime(Date.now() + 1);
      expect(createStorage(window).loadPendingConfirmation()).toBeNull();
      expect(localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
    });

    it('clearing it (signup completed, sign-out) removes its end too', () => {
      const storage = createStorage(window);
      storage.savePendingConfirmation(pending);
      storage.clearPendingConfirmation();
      expect(localStorage.length).toBe(0);
    });
  });

  it.each([['not json'], ['{"email":"a@b.c"}'], ['{"email":"","isRequired":true,"signupData":{}}'], ['null']])(
    'reads a corrupt value (%s) as none',
    (raw) => {
      localStorage.setItem(PENDING_CONFIRMATION_KEY, raw);
      expect(createStorage(window).loadPendingConfirmation()).toBeNull();
    },
  );

  it('keeps identity tokens in sessionStorage and clears only the identity keys', () => {
    const storage = createStorage(window);
    storage.tokens.setItem('CognitoIdentityServiceProvider.client.ada.idToken', 'token');
    sessionStorage.setItem('other', 'kept');
    expect(sessionStorage.getItem('CognitoIdentityServiceProvider.client.ada.idToken')).toBe('token');
    expect(localStorage.length).toBe(0);
    storage.tokens.clear();
    expect(sessionStorage.getItem('CognitoIdentityServiceProvider.client.ada.idToken')).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('kept');
  });

  it("keeps the users list's last view for the tab, reads back only a query string, and forgets it", () => {
    const storage = createStorage(window);
    expect(storage.loadUsersView()).toBeNull();
    storage.saveUsersView('?status=pending&sort=name');
    expect(sessionStorage.getItem('users_view')).toBe('?status=pending&sort=name');
    expect(createStorage(window).loadUsersView()).toBe('?status=pending&sort=name');
    sessionStorage.setItem('users_view', 'javascript:alert(1)');
    expect(storage.loadUsersView()).toBeNull();
    storage.saveUsersView('');
    expect(storage.loadUsersView()).toBe('');
    storage.clearUsersView();
    expect(sessionStorage.getItem('users_view')).toBeNull();
  });

  it('falls back to memory when a storage area refuses writes', () => {
    const refusing = {
      ...window.localStorage,
      setItem: () => {
        throw new DOMException('QuotaExceededError');
      },
    } as unknown as Storage;
    const storage = createStorage({ localStorage: refusing, sessionStorage: refusing });
    storage.savePendingConfirmation(pending);
    expect(storage.loadPendingConfirmation()).toEqual(pending);
    storage.tokens.setItem('CognitoIdentityServiceProvider.k', 'v');
    expect(storage.tokens.getItem('CognitoIdentityServiceProvider.k')).toBe('v');
  });
});
