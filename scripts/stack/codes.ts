/**
 * The codes the local stack hands out: confirmation codes (sign-up, and the ResendConfirmationCode
 * stand-in), password reset codes (ForgotPassword) and temporary passwords (an invitation:
 * AdminCreateUser, or the stand-in's AdminCreateUser RESEND). Each is printed the moment it is issued
 * and kept, per email, for the getters tests use. The emulator "delivers" a message by logging it;
 * a real pool would email it.
 */
import type { DeliveredCode } from './cognito';

export type CodeKind = 'confirmation' | 'reset' | 'temporary';

const LABELS: Record<CodeKind, string> = {
  confirmation: 'Confirmation code',
  reset: 'Password reset code',
  temporary: 'Temporary password',
};

type Waiter = (code: string) => void;

export interface IssuedCodes {
  /** A code cognito-local logged (scripts/stack/cognito.ts `deliveredCodeParser`). */
  delivered(delivered: DeliveredCode): void;
  /** A temporary password the stand-in issued (AdminCreateUser RESEND), delivered like the emulator's. */
  temporaryPassword(email: string, password: string): void;
  /**
   * Says the next ForgotPassword code for `email` is a confirmation code: the stand-in has cognito-local
   * issue it that way. Resolves with that code; `cancel` withdraws the claim when the call fails.
   */
  claimNextResetAsConfirmation(email: string, timeoutMs: number): { code: Promise<string>; cancel(): void };
  /** The latest code of this kind for `email`, waiting up to timeoutMs for one when there is none yet. */
  latest(kind: CodeKind, email: string, timeoutMs: number): Promise<string>;
}

export function createIssuedCodes(print: (line: string) => void): IssuedCodes {
  const latest: Record<CodeKind, Map<string, string>> = { confirmation: new Map(), reset: new Map(), temporary: new Map() };
  const waiters: Record<CodeKind, Map<string, Waiter[]>> = { confirmation: new Map(), reset: new Map(), temporary: new Map() };
  const claims = new Map<string, Waiter[]>();

  const wait = (registry: Map<string, Waiter[]>, email: string, timeoutMs: number, describe: string) => {
    let waiter: Waiter = () => undefined;
    let timer: NodeJS.Timeout | undefined;
    const cancel = () => {
      clearTimeout(timer);
      const remaining = (registry.get(email) ?? []).filter((w) => w !== waiter);
      if (remaining.length > 0) registry.set(email, remaining);
      else registry.delete(email);
    };
    const code = new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => {
        cancel();
        reject(new Error(`No ${describe} for ${email} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiter = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
      registry.set(email, [...(registry.get(email) ?? []), waiter]);
    });
    return { code, cancel };
  };

  const issue = (kind: CodeKind, email: string, code: string) => {
    latest[kind].set(email, code);
    print(`${LABELS[kind]} for ${email}: ${code}`);
    const pending = waiters[kind].get(email) ?? [];
    waiters[kind].delete(email);
    for (const resolve of pending) resolve(code);
  };

  return {
    delivered({ target, destination, code }) {
      const email = destination.toLowerCase();
      if (target === 'AdminCreateUser') {
        issue('temporary', email, code);
        return;
      }
      if (target !== 'ForgotPassword') {
        issue('confirmation', email, code);
        return;
      }
      const [claim, ...others] = claims.get(email) ?? [];
      if (!claim) {
        issue('reset', email, code);
        return;
      }
      if (others.length > 0) claims.set(email, others);
      else claims.delete(email);
      issue('confirmation', email, code);
      claim(code);
    },
    temporaryPassword(email, password) {
      issue('temporary', email.toLowerCase(), password);
    },
    claimNextResetAsConfirmation(email, timeoutMs) {
      return wait(claims, email.toLowerCase(), timeoutMs, 'resent confirmation code');
    },
    latest(kind, email, timeoutMs) {
      const key = email.toLowerCase();
      const known = latest[kind].get(key);
      if (known) return Promise.resolve(known);
      return wait(waiters[kind], key, timeoutMs, LABELS[kind].toLowerCase()).code;
    },
  };
}
