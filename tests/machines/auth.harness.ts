/**
 * What the auth machines' actor-level tests share: the signed-in administrator Ada, the sign-up this
 * browser kept for her, and side effects held as promises the test settles. Not a test file.
 */
import { fromPromise } from 'xstate';
import { vi } from 'vitest';
import type { MeResponse } from '../../src/contract/api';
import type { SessionUser } from '../../src/services/identity';
import type { PendingConfirmation } from '../../src/services/storage';

export const EMAIL = 'ada@summit.test';
export const USER: SessionUser = { username: 'uuid-ada', email: EMAIL, attributes: { sub: 'sub-ada', email: EMAIL } };
/** The sign-up this browser kept for Ada, already confirmed. */
export const KEPT: PendingConfirmation = {
  email: EMAIL,
  isRequired: false,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};

/** Ada as the API describes her: an active administrator of Summit Builders. */
export const adminMe = (email: string): MeResponse => ({
  memberId: 'm-ada',
  name: 'Ada Lovelace',
  email,
  role: 'Admin',
  isAdmin: true,
  isActive: true,
  organization: { id: 'org-summit', name: 'Summit Builders' },
});

interface Call<O, I> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/** A side effect whose every call is a promise the test settles: `logic` to provide, `log` of calls, `last` call. */
export function calls<O, I = unknown>() {
  const log: Call<O, I>[] = [];
  const logic = fromPromise<O, I>(({ input }) => new Promise<O>((resolve, reject) => log.push({ input, resolve, reject })));
  const last = (): Call<O, I> => {
    const found = log.at(-1);
    if (!found) throw new Error('nothing was asked');
    return found;
  };
  return { logic, log, last };
}

/** Lets settled promises reach the actors (on Vitest's fake clock). */
export const settle = () => vi.advanceTimersByTimeAsync(0);
