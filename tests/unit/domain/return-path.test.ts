// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../src/domain/urls';

describe('safeReturnPath', () => {
  it('keeps a path on this origin, with its query', () => {
    expect(safeReturnPath('/users')).toBe('/users');
    expect(safeReturnPath('/billing/user/abc?x=1')).toBe('/billing/user/abc?x=1');
  });

  it.each([null, undefined, '', 'users', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s and returns the dashboard',
    (next) => {
      expect(safeReturnPath(next)).toBe('/');
    },
  );

  it('never returns to the login itself', () => {
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath('/login?next=/users')).toBe('/');
    expect(safeReturnPath('/login/')).toBe('/');
    expect(safeReturnPath('/login/confirm')).toBe('/');
  });

  it('keeps paths that only start like the login', () => {
    expect(safeReturnPath('/logins')).toBe('/logins');
    expect(safeReturnPath('/login-help')).toBe('/login-help');
    expect(safeReturnPath('/users?next=/login')).toBe('/users?next=/login');
  });
});
