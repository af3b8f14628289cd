// @vitest-environment node
/**
 * Import CSV's reading of a file (src/domain/csv.ts, src/domain/memberImport.ts, docs/USERS.md):
 * CSV as spreadsheets write it, the columns matched loosely, each row checked with Add User's rules,
 * and the failed rows' file read back as it was written. The API's dry run and job are in
 * tests/server/users-import.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from '../../../src/domain/csv';
import { LIMITS } from '../../../src/domain/limits';
import { IMPORT_NO_ROWS, readImport } from '../../../src/domain/memberImport';

function rowsOf(text: string) {
  const result = readImport(text);
  if (!result.ok) throw new Error(result.message);
  return result.rows;
}

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks, CRLF and LF, and drops a byte-order mark and blank lines', () => {
    const text = '\ufeffName,Note\r\n"Diaz, Ana","She said ""hi""\nthen left"\r\n\r\nBen,\nCy,"x"';
    expect(parseCsv(text)).toEqual([
      ['Name', 'Note'],
      ['Diaz, Ana', 'She said "hi"\nthen left'],
      ['Ben', ''],
      ['Cy', 'x'],
    ]);
  });

  it('reads back what formatCsv writes, a formula-like cell kept as text with an apostrophe', () => {
    const records = [
      ['a,b', 'say "x"', 'two\r\nlines'],
      ['=SUM(A1)', '+1', 'plain'],
    ];
    const parsed = parseCsv(formatCsv(records));
    expect(parsed[0]).toEqual(records[0]);
    expect(parsed[1]).toEqual(["'=SUM(A1)", "'+1", 'plain']);
  });
});

describe('readImport', () => {
  it('matches headers loosely, in any order, ignores other columns, and fills Role and Licence when left out', () => {
    const rows = rowsOf('e-mail ADDRESS,  Full Name ,Team,Cell Phone\nana@site.test,Ana Diaz,North,(555) 123-4567\n');
    expect(rows).toEqual([
      {
        row: 2,
        ok: true,
        cells: { Name: 'Ana Diaz', Email: 'ana@site.test', Phone: '(555) 123-4567', Role: '', Licence: '' },
        member: { name: 'Ana Diaz', email: 'ana@site.test', phoneNumber: '+15551234567', role: 'Field Worker', hasLicense: false },
      },
    ]);
  });

  it.each([
    ['Project manager', 'licensed', 'Project Manager', true],
    ['ADMIN', 'Y', 'Admin', true],
    ['supervisor', '0', 'Supervisor', false],
    ['field worker', 'No', 'Field Worker', false],
  ])('reads Role %j and Licence %j', (role, licence, wantedRole, wantedLicence) => {
    const [row] = rowsOf(`Name,Email,Phone,Role,License\nAna,Ana@Site.test,5551234567,${role},${licence}\n`);
    expect(row).toMatchObject({ ok: true, member: { email: 'ana@site.test', role: wantedRole, hasLicense: wantedLicence } });
  });

  it.each([
    ['Name', ',ana@site.test,5551234567,,', 'Name is required'],
    ['Email', 'Ana,ana@,5551234567,,', 'Please enter a valid email address'],
    ['Phone', 'Ana,ana@site.test,n/a,,', 'Please enter a valid phone number (e.g., 5551234567 or +15551234567)'],
    ['Role', 'Ana,ana@site.test,5551234567,Foreman,', 'Role must be one of Field Worker, Supervisor, Project Manager, Admin'],
    ['Licence', 'Ana,ana@site.test,5551234567,,maybe', 'Licence must be Yes or No'],
  ])('names the column and the message of a bad %s', (field, line, message) => {
    expect(rowsOf(`Name,Email,Phone,Role,Licence\n${line}\n`)).toEqual([
      expect.objectContaining({ row: 2, ok: false, error: { row: 2, field, message } }),
    ]);
  });

  it('takes off the apostrophe an export put before a formula-like cell', () => {
    const [row] = rowsOf("Name,Email,Phone\n'=Ana,ana@site.test,5551234567\n");
    expect(row).toMatchObject({ ok: true, member: { name: '=Ana' } });
  });

  it.each([
    ['nothing', '', IMPORT_NO_ROWS],
    ['no Email column', 'Name,Phone\nAna,5551234567\n', 'The file has no Email column. The first row must name the columns'],
    ['no Email or Phone column', 'Name\nAna\n', 'The file has no Email, Phone columns.'],
  ])('refuses a file with %s, saying what to change', (_, text, message) => {
    const result = readImport(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });

  it(`reads ${LIMITS.importRows} members and refuses one more`, () => {
    const line = (i: number) => `M ${i},m${i}@site.test,5551234567`;
    const file = (n: number) => ['Name,Email,Phone', ...Array.from({ length: n }, (_, i) => line(i))].join('\n');
    expect(rowsOf(file(LIMITS.importRows))).toHaveLength(LIMITS.importRows);
    const refused = readImport(file(LIMITS.importRows + 1));
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('The file has 5,001 members; at most 5,000') });
  });
});
