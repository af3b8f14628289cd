/**
 * The console refuses the names the API refuses (src/domain/forms.ts and src/contract/api.ts share
 * src/domain/limits.ts): bidi overrides and isolates, zero-width characters and C1 controls.
 */
import { describe, expect, it } from 'vitest';
import { AddUserFormSchema, SignUpFormSchema, validate } from '../../../src/domain/forms';
import { hasInvisibleFormatting } from '../../../src/domain/limits';
import { readImport } from '../../../src/domain/memberImport';

describe('hasInvisibleFormatting', () => {
  it('finds each character of the refused ranges, and nothing next to them', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
      0x200b,
      0x200c,
      0x200d,
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2060,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
      0xfeff,
    ];
    for (const code of refused) expect(hasInvisibleFormatting(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(true);
    for (const code of [0x7e, 0xa0, 0xe9, 0x200a, 0x200e, 0x200f, 0x2029, 0x202f, 0x2061, 0x2065, 0x206a, 0xfefe, 0xff01]) {
      expect(hasInvisibleFormatting(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(false);
    }
    expect(hasInvisibleFormatting('José Núñez 李小龍 👷')).toBe(false);
  });
});

describe('the console forms', () => {
  it('add and edit user: the name', () => {
    expect(validate(AddUserFormSchema, { name: 'Ann\u202Egnp.exe', email: 'ann@summit.test', phoneNumber: '5559876543' })).toEqual({
      ok: false,
      errors: { name: 'Name must not contain invisible or text-direction characters' },
    });
  });

  it('sign up: the full name and the organization', () => {
    const good = {
      email: 'dana@summit.test',
      password: 'Sturdy#Pass1',
      confirmPassword: 'Sturdy#Pass1',
      phoneNumber: '5551234567',
      fullName: 'Dana\u200BReyes',
      organization: 'Summit\u0085Builders',
    };
    const result = validate(SignUpFormSchema, good);
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : { fullName: result.errors.fullName, organization: result.errors.organization }).toEqual({
      fullName: 'Full name must not contain invisible or text-direction characters',
      organization: 'Organization must not contain invisible or text-direction characters',
    });
  });

  it('import CSV: a row whose name has one is an error of that row', () => {
    const read = readImport('Name,Email,Phone\nAnn\u2066a,ann@summit.test,5559876543\nLee Park,lee@summit.test,5559876544\n');
    expect(read).toMatchObject({ ok: true });
    const errors = read.ok ? read.rows.filter((r) => !r.ok).map((r) => (r.ok ? null : r.error)) : [];
    expect(errors).toEqual([{ row: 2, field: 'Name', message: 'Name must not contain invisible or text-direction characters' }]);
  });
});
