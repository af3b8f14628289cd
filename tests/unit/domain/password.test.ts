// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, checkPassword, confirmPasswordError, isStrongPassword, passwordErrors } from '../../../src/domain/password';

describe('password rules (SPEC §5)', () => {
  it('lists the five rules with the SPEC messages, in order', () => {
    expect(PASSWORD_RULES.map((r) => r.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('accepts a password meeting every rule', () => {
    expect(passwordErrors('Hardline#2026')).toEqual([]);
    expect(isStrongPassword('Hardline#2026')).toBe(true);
  });

  it.each([
    ['Ab1#xyz', 'Password must be at least 8 characters'],
    ['hardline#2026', 'Password must contain at least one uppercase letter'],
    ['HARDLINE#2026', 'Password must contain at least one lowercase letter'],
    ['Hardline#cool', 'Password must contain at least one number'],
    ['Hardline2026', 'Password must contain at least one special character'],
  ])('%j breaks exactly: %s', (password, message) => {
    expect(passwordErrors(password)).toEqual([message]);
    expect(isStrongPassword(password)).toBe(false);
  });

  it('reports every broken rule of an empty password', () => {
    expect(passwordErrors('')).toHaveLength(5);
  });

  it('gives a checklist with met flags', () => {
    expect(checkPassword('abc').map((r) => [r.id, r.met])).toEqual([
      ['length', false],
      ['uppercase', false],
      ['lowercase', true],
      ['number', false],
      ['special', false],
    ]);
  });

  it('labels each rule of the live checklist shown under a new password', () => {
    expect(checkPassword('Hardline#2026').map((r) => [r.label, r.met])).toEqual([
      ['At least 8 characters', true],
      ['One uppercase letter', true],
      ['One lowercase letter', true],
      ['One number', true],
      ['One special character', true],
    ]);
    expect(checkPassword('').map((r) => r.message)).toEqual(PASSWORD_RULES.map((r) => r.message));
  });

  it('counts characters, not UTF-16 units: seven characters with an emoji are still too short', () => {
    expect(passwordErrors('Ab1#xy👷')).toEqual(['Password must be at least 8 characters']);
    expect(passwordErrors('Ab1#xyz👷')).toEqual([]);
  });

  it.each([...'^$*.[]{}()?-"!@#%&/\\,><\':;|_~`+='])('accepts %j as the special character Cognito accepts', (special) => {
    expect(passwordErrors(`Hardline2026${special}`)).toEqual([]);
  });

  it.each([' ', '€', '§', 'é', '¿'])('does not count %j as a special character (the user pool would refuse it)', (other) => {
    expect(passwordErrors(`Hardline2026${other}`)).toEqual(['Password must contain at least one special character']);
  });

  it('checks the confirmation', () => {
    expect(confirmPasswordError('Hardline#2026', '')).toBe('Please confirm your password');
    expect(confirmPasswordError('Hardline#2026', 'Hardline#2027')).toBe("Passwords don't match");
    expect(confirmPasswordError('Hardline#2026', 'Hardline#2026')).toBeNull();
  });
});
