// @vitest-environment node
/**
 * Import CSV's rules for reading a file (src/domain/memberImport.ts, docs/USERS.md "Import CSV"):
 * the other names each column is known by, the template, the Licence words, how cells are cleaned,
 * a column named twice, a file with a header and no members, and an e-mail named by two rows.
 */
import { describe, expect, it } from 'vitest';
import { IMPORT_NO_ROWS, IMPORT_TEMPLATE_CSV, readImport } from '../../../src/domain/memberImport';

function rowsOf(text: string) {
  const result = readImport(text);
  if (!result.ok) throw new Error(result.message);
  return result.rows;
}

function memberOf(text: string) {
  const [row] = rowsOf(text);
  if (!row?.ok) throw new Error(row ? row.error.message : 'no row');
  return row.member;
}

describe('the columns a file may name', () => {
  it.each(['name', 'Full name', 'Member name', 'User name', 'Display Name'])('reads %j as the Name column', (header) => {
    expect(memberOf(`${header},Email,Phone\nAna Diaz,ana@site.test,5551234567\n`).name).toBe('Ana Diaz');
  });

  it.each(['Email', 'E-mail address', 'Mail', 'Work email'])('reads %j as the Email column', (header) => {
    expect(memberOf(`Name,${header},Phone\nAna,ana@site.test,5551234567\n`).email).toBe('ana@site.test');
  });

  it.each(['Phone', 'Phone number', 'Mobile', 'Mobile number', 'Mobile phone', 'Cell', 'Cell phone', 'Telephone', 'Tel'])(
    'reads %j as the Phone column',
    (header) => {
      expect(memberOf(`Name,Email,${header}\nAna,ana@site.test,5551234567\n`).phoneNumber).toBe('+15551234567');
    },
  );

  it.each(['Role', 'Job role', 'Position'])('reads %j as the Role column', (header) => {
    expect(memberOf(`Name,Email,Phone,${header}\nAna,ana@site.test,5551234567,supervisor\n`).role).toBe('Supervisor');
  });

  it.each(['Licence', 'License', 'Licensed', 'Licenced', 'Has license', 'Has licence'])('reads %j as the Licence column', (header) => {
    expect(memberOf(`Name,Email,Phone,${header}\nAna,ana@site.test,5551234567,yes\n`).hasLicense).toBe(true);
  });

  it('reads the first of two columns with the same name, and ignores the other', () => {
    const [row] = rowsOf('Email,Name,Phone,E-mail\nana@site.test,Ana,5551234567,other@site.test\n');
    expect(row).toEqual({
      row: 2,
      ok: true,
      cells: { Name: 'Ana', Email: 'ana@site.test', Phone: '5551234567', Role: '', Licence: '' },
      member: { name: 'Ana', email: 'ana@site.test', phoneNumber: '+15551234567', role: 'Field Worker', hasLicense: false },
    });
  });

  it('offers a template with the five columns and a line ending as spreadsheets write it', () => {
    expect(IMPORT_TEMPLATE_CSV).toBe('Name,Email,Phone,Role,Licence\r\n');
  });
});

describe('the Licence words', () => {
  it.each(['yes', 'Y', 'TRUE', '1', 'Licensed', 'licenced', 'x'])('reads %j as licensed', (word) => {
    expect(memberOf(`Name,Email,Phone,Licence\nAna,ana@site.test,5551234567,${word}\n`).hasLicense).toBe(true);
  });

  it.each(['', 'no', 'N', 'False', '0', 'Unlicensed', 'unlicenced', '-'])('reads %j as not licensed', (word) => {
    expect(memberOf(`Name,Email,Phone,Licence\nAna,ana@site.test,5551234567,${word}\n`).hasLicense).toBe(false);
  });
});

describe('the cells of a row', () => {
  it('keeps each cell trimmed, as the failed rows file will show it', () => {
    const [row] = rowsOf('Name,Email,Phone,Role,Licence\n  Ana Diaz  , ana@site.test ,  5551234567 , Admin ,  yes \n');
    expect(row?.cells).toEqual({ Name: 'Ana Diaz', Email: 'ana@site.test', Phone: '5551234567', Role: 'Admin', Licence: 'yes' });
  });

  it('reads a row shorter than the header as blank cells: Field Worker, no licence', () => {
    const [row] = rowsOf('Name,Email,Phone,Role,Licence\nAna,ana@site.test,5551234567\n');
    expect(row).toEqual({
      row: 2,
      ok: true,
      cells: { Name: 'Ana', Email: 'ana@site.test', Phone: '5551234567', Role: '', Licence: '' },
      member: { name: 'Ana', email: 'ana@site.test', phoneNumber: '+15551234567', role: 'Field Worker', hasLicense: false },
    });
  });

  it('keeps an apostrophe inside a name: only a leading one before =, +, - or @ is taken off', () => {
    const [row] = rowsOf("Name,Email,Phone\nAna'-Maria O'Neil,ana@site.test,5551234567\n");
    expect(row).toMatchObject({ ok: true, cells: { Name: "Ana'-Maria O'Neil" }, member: { name: "Ana'-Maria O'Neil" } });
  });

  it('names the column and the message of the first problem of a row', () => {
    expect(rowsOf('Name,Email,Phone\nAna,,5551234567\n')).toEqual([
      {
        row: 2,
        ok: false,
        cells: { Name: 'Ana', Email: '', Phone: '5551234567', Role: '', Licence: '' },
        error: { row: 2, field: 'Email', message: 'Email is required' },
      },
    ]);
  });
});

describe('a file that cannot be read as an import', () => {
  it('refuses a header with no member rows', () => {
    expect(readImport('Name,Email,Phone\r\n')).toEqual({ ok: false, message: IMPORT_NO_ROWS });
    expect(readImport(IMPORT_TEMPLATE_CSV)).toEqual({ ok: false, message: IMPORT_NO_ROWS });
  });

  it('says what a file with no members needs', () => {
    expect(readImport('')).toEqual({
      ok: false,
      message: 'The file has no members: it needs a header row (Name, Email, Phone, Role, Licence) and a row per member.',
    });
  });
});

describe('an e-mail named by two rows', () => {
  it('is an error of the later row, which names the earlier one, whatever the case', () => {
    const rows = rowsOf(
      'Name,Email,Phone\nAna,ana@site.test,5551234567\nBen,ben@site.test,5551234568\nAnother Ana,ANA@Site.test,5551234569\n',
    );
    expect(rows.map((row) => row.ok)).toEqual([true, true, false]);
    expect(rows[2]).toEqual({
      row: 4,
      ok: false,
      cells: { Name: 'Another Ana', Email: 'ANA@Site.test', Phone: '5551234569', Role: '', Licence: '' },
      error: { row: 4, field: 'Email', message: 'This email is already in row 2 of the file' },
    });
  });

  it('counts only rows that were read: a row with an error does not claim its e-mail', () => {
    const rows = rowsOf('Name,Email,Phone\n,ana@site.test,5551234567\nAna,ana@site.test,5551234567\n');
    expect(rows.map((row) => row.ok)).toEqual([false, true]);
  });
});
