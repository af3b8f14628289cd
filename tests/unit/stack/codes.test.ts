// @vitest-environment node
/**
 * The stack's code book: which call issued a code cognito-local logged (scripts/stack/cognito.ts
 * `deliveredCodeParser`, fed the emulator's real log lines) and what the stack prints and hands to
 * tests for each (scripts/stack/codes.ts).
 */
import { describe, expect, it } from 'vitest';
import { deliveredCodeParser, type DeliveredCode } from '../../../scripts/stack/cognito';
import { createIssuedCodes } from '../../../scripts/stack/codes';
import { maskEmail } from '../../../scripts/stack/resend-proxy';

/** cognito-local 5.3 through scripts/stack/cognito-local-main.mjs: a SignUp, then a ForgotPassword. */
const EMULATOR_LOG = [
  '[1795517998859] INFO: NONE NONE Cognito Local running on http://127.0.0.1:43941',
  '[1795517999188] INFO: 47c4707b SignUp ╭───────────────────────────────────────────────────────╮',
  '│                                                       │',
  '│   Confirmation Code Delivery                          │',
  '│                                                       │',
  '│   Username:    cd9c7646-ed9b-4732-8477-be6b958d0c9d   │',
  '│   Destination: Rita@Example.com                       │',
  '│   Code:        146640                                 │',
  '│                                                       │',
  '╰───────────────────────────────────────────────────────╯ {"reqId":"47c4707b","target":"SignUp"}',
  '[1795517999197] INFO: 2c2dc8c4 ForgotPassword ╭───────────────────────────────────────────────────────╮',
  '│                                                       │',
  '│   Confirmation Code Delivery                          │',
  '│                                                       │',
  '│   Username:    39c5f489-f46b-4090-b186-770cca9690a4   │',
  '│   Destination: admin@hardline.test                    │',
  '│   Code:        497995                                 │',
  '│                                                       │',
  '╰───────────────────────────────────────────────────────╯ {"reqId":"2c2dc8c4","target":"ForgotPassword"}',
];

describe('deliveredCodeParser', () => {
  it('reads the call, the destination and the code of each box', () => {
    const found: DeliveredCode[] = [];
    const parse = deliveredCodeParser((delivered) => found.push(delivered));
    for (const line of EMULATOR_LOG) parse(line);
    expect(found).toEqual([
      { target: 'SignUp', destination: 'Rita@Example.com', code: '146640' },
      { target: 'ForgotPassword', destination: 'admin@hardline.test', code: '497995' },
    ]);
  });

  it('ignores Destination and Code outside a delivery box', () => {
    const found: DeliveredCode[] = [];
    const parse = deliveredCodeParser((delivered) => found.push(delivered));
    parse('[1] INFO: abc SignUp Destination: someone@example.com');
    parse('[2] INFO: abc SignUp Code: 123456');
    expect(found).toEqual([]);
  });
});

describe('the issued codes', () => {
  const book = () => {
    const printed: string[] = [];
    return { printed, codes: createIssuedCodes((line) => printed.push(line)) };
  };

  it('prints a sign-up code as a confirmation code and a ForgotPassword code as a password reset code', async () => {
    const { printed, codes } = book();
    codes.delivered({ target: 'SignUp', destination: 'Rita@Example.com', code: '146640' });
    codes.delivered({ target: 'ForgotPassword', destination: 'admin@hardline.test', code: '497995' });
    expect(printed).toEqual(['Confirmation code for rita@example.com: 146640', 'Password reset code for admin@hardline.test: 497995']);
    await expect(codes.latest('confirmation', 'RITA@example.com', 10)).resolves.toBe('146640');
    await expect(codes.latest('reset', 'admin@hardline.test', 10)).resolves.toBe('497995');
    await expect(codes.latest('reset', 'rita@example.com', 10)).rejects.toThrow('No password reset code for rita@example.com within 10 ms');
    await expect(codes.latest('confirmation', 'admin@hardline.test', 10)).rejects.toThrow('No confirmation code');
  });

  it('hands a code to those waiting for it and keeps the latest', async () => {
    const { codes } = book();
    const waiting = codes.latest('reset', 'admin@hardline.test', 5_000);
    codes.delivered({ target: 'ForgotPassword', destination: 'admin@hardline.test', code: '111111' });
    await expect(waiting).resolves.toBe('111111');
    codes.delivered({ target: 'ForgotPassword', destination: 'admin@hardline.test', code: '222222' });
    await expect(codes.latest('reset', 'admin@hardline.test', 10)).resolves.toBe('222222');
  });

  it('prints a claimed ForgotPassword code (the resend stand-in) as a confirmation code, once', async () => {
    const { printed, codes } = book();
    const claim = codes.claimNextResetAsConfirmation('New@Example.com', 5_000);
    codes.delivered({ target: 'ForgotPassword', destination: 'new@example.com', code: '333333' });
    await expect(claim.code).resolves.toBe('333333');
    await expect(codes.latest('confirmation', 'new@example.com', 10)).resolves.toBe('333333');
    codes.delivered({ target: 'ForgotPassword', destination: 'new@example.com', code: '444444' });
    expect(printed).toEqual(['Confirmation code for new@example.com: 333333', 'Password reset code for new@example.com: 444444']);
  });

  it('a withdrawn claim leaves the next reset code a reset code', async () => {
    const { printed, codes } = book();
    codes.claimNextResetAsConfirmation('new@example.com', 5_000).cancel();
    codes.delivered({ target: 'ForgotPassword', destination: 'new@example.com', code: '555555' });
    expect(printed).toEqual(['Password reset code for new@example.com: 555555']);
  });
});

describe('maskEmail', () => {
  it('shows a destination the way Cognito does', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@e***');
  });
});
