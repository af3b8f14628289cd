/**
 * Import CSV (docs/USERS.md): the file an administrator brings, read into members to invite.
 * Pure: the API reads the file with it for the dry run and the job.
 *
 * - Columns: Name, Email, Phone, Role and Licence, in any order, matched loosely: case, spaces,
 *   punctuation and a few usual other names ('Full name', 'E-mail address', 'Mobile', 'License',
 *   'Licensed') do not matter. Other columns are ignored. Name, Email and Phone must be there.
 * - Each row is checked with the rules of Add User (src/domain/forms.ts): name, email and phone
 *   required, the phone normalised to E.164; Role is one of the four roles (any case; blank: Field
 *   Worker); Licence is yes or no (yes/no, y/n, true/false, 1/0, licensed/unlicensed; blank: no).
 * - Rows are numbered as a spreadsheet numbers them: the header is row 1, the first member row 2.
 * - An e-mail that an earlier row already names is an error of the later row.
 * - A cell starting with an apostrophe before =, +, - or @ (how exports keep such cells as text)
 *   is read without it.
 */
import * as v from 'valibot';
import { ROLES, type Role } from '../contract/api';
import { parseCsv } from './csv';
import { AddUserFormSchema } from './forms';
import { formatCount } from './intl';
import { LIMITS } from './limits';

export const IMPORT_COLUMNS = ['Name', 'Email', 'Phone', 'Role', 'Licence'] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The other names each column is known by, compared without case, spaces or punctuation. */
const HEADER_NAMES: Record<ImportColumn, readonly string[]> = {
  Name: ['name', 'fullname', 'membername', 'username', 'displayname'],
  Email: ['email', 'emailaddress', 'mail', 'workemail'],
  Phone: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'mobilephone', 'cell', 'cellphone', 'telephone', 'tel'],
  Role: ['role', 'jobrole', 'position'],
  Licence: ['licence', 'license', 'licensed', 'licenced', 'haslicense', 'haslicence'],
};

/** Import CSV's template (Download template): the header row, ready for a row per member. */
export const IMPORT_TEMPLATE_CSV = `${IMPORT_COLUMNS.join(',')}\r\n`;

const REQUIRED_COLUMNS: readonly ImportColumn[] = ['Name', 'Email', 'Phone'];

function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The column each header names, or null for a column the import does not read. */
function matchHeader(text: string): ImportColumn | null {
  const key = headerKey(text);
  for (const column of IMPORT_COLUMNS) if (HEADER_NAMES[column].includes(key)) return column;
  return null;
}

export interface ImportMember {
  name: string;
  email: string;
  phoneNumber: string;
  role: Role;
  hasLicense: boolean;
}

/** A row as the file has it (trimmed), for the failed rows' file. */
export type ImportCells = Record<ImportColumn, string>;

interface ImportRowError {
  /** The row's number in a spreadsheet (the header is row 1). */
  row: number;
  field: ImportColumn;
  message: string;
}

type ImportRow = { row: number; cells: ImportCells } & ({ ok: true; member: ImportMember } | { ok: false; error: ImportRowError });

type ReadImportResult = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

export const IMPORT_NO_ROWS = 'The file has no members: it needs a header row (Name, Email, Phone, Role, Licence) and a row per member.';

function missingColumns(columns: readonly ImportColumn[]): string {
  const names = columns.join(', ');
  return `The file has no ${names} ${columns.length === 1 ? 'column' : 'columns'}. The first row must name the columns: Name, Email, Phone, Role, Licence.`;
}

function tooManyRows(count: number): string {
  return `The file has ${formatCount(count)} members; at most ${formatCount(LIMITS.importRows)} can be imported at once. Split it into smaller files.`;
}

const ROLE_MESSAGE = `Role must be one of ${ROLES.join(', ')}`;
const LICENCE_MESSAGE = 'Licence must be Yes or No';
const YES = new Set(['yes', 'y', 'true', '1', 'licensed', 'licenced', 'x']);
const NO = new Set(['', 'no', 'n', 'false', '0', 'unlicensed', 'unlicenced', '-']);

function roleOf(text: string): Role | null {
  if (text === '') return 'Field Worker';
  return ROLES.find((role) => headerKey(role) === headerKey(text)) ?? null;
}

/** A Licence cell (trimmed, as cellText leaves it) as yes or no; null when it is neither. */
function licenceOf(text: string): boolean | null {
  const key = text.toLowerCase();
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  return null;
}

/** A cell as the member's value: trimmed, and without the apostrophe that kept a formula-like cell as text. */
function cellText(text: string | undefined): string {
  const trimmed = (text ?? '').trim();
  return /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

const FORM_FIELDS: Record<'name' | 'email' | 'phoneNumber', ImportColumn> = { name: 'Name', email: 'Email', phoneNumber: 'Phone' };

function checkRow(row: number, cells: ImportCells): ImportRow {
  const form = v.safeParse(AddUserFormSchema, { name: cells.Name, email: cells.Email, phoneNumber: cells.Phone });
  if (!form.success) {
    // Every issue of the form (an object of three texts, all given) is one of its fields'.
    const [issue] = form.issues;
    const field = FORM_FIELDS[v.getDotPath(issue) as keyof typeof FORM_FIELDS];
    return { row, cells, ok: false, error: { row, field, message: issue.message } };
  }
  const role = roleOf(cells.Role);
  if (role === null) return { row, cells, ok: false, error: { row, field: 'Role', message: ROLE_MESSAGE } };
  const hasLicense = licenceOf(cells.Licence);
  if (hasLicense === null) return { row, cells, ok: false, error: { row, field: 'Licence', message: LICENCE_MESSAGE } };
  const member = { ...form.output, email: form.output.email.toLowerCase(), role, hasLicense };
  return { row, cells, ok: true, member };
}

/**
 * The rows of a CSV file, each a member to invite or an error; `ok: false` when the file itself
 * cannot be read as an import (no header, a missing column, too many rows).
 */
export function readImport(text: string): ReadImportResult {
  const [header, ...records] = parseCsv(text);
  if (!header || records.length === 0) return { ok: false, message: IMPORT_NO_ROWS };
  if (records.length > LIMITS.importRows) return { ok: false, message: tooManyRows(records.length) };
  const positions = new Map<ImportColumn, number>();
  header.forEach((name, index) => {
    const column = matchHeader(name);
    if (column && !positions.has(column)) positions.set(column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) return { ok: false, message: missingColumns(missing) };
  const seen = new Map<string, number>();
  const rows = records.map((record, index): ImportRow => {
    const row = index + 2;
    const cells = Object.fromEntries(
      IMPORT_COLUMNS.map((column) => {
        const at = positions.get(column);
        return [column, at === undefined ? '' : cellText(record[at])];
      }),
    ) as ImportCells;
    const checked = checkRow(row, cells);
    if (!checked.ok) return checked;
    const earlier = seen.get(checked.member.email);
    if (earlier !== undefined) {
      return { row, cells, ok: false, error: { row, field: 'Email', message: `This email is already in row ${earlier} of the file` } };
    }
    seen.set(checked.member.email, row);
    return checked;
  });
  return { ok: true, rows };
}
