/**
 * CSV as spreadsheets write and read it (RFC 4180): fields separated by commas, records by CRLF or
 * LF, a field in double quotes may hold commas, line breaks and doubled quotes. Pure, shared by the
 * console and the API (the members import reads it, the import's failed rows and the template are
 * written with it).
 */

/** The records of a CSV text: a leading byte-order mark is dropped, and so are blank lines. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      // The LF of a CRLF then ends an empty record, dropped as a blank line.
      endRecord();
    } else {
      field += char;
    }
    i += 1;
  }
  // The last record, when the text does not end with a line break (with nothing pending, a blank line).
  endRecord();
  return records;
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) is kept as text (OWASP "CSV injection"). */
export function neutraliseCell(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quoteCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Records as CSV text (CRLF line ends), each cell neutralised and quoted when it must be. */
export function formatCsv(records: ReadonlyArray<readonly string[]>): string {
  return records.map((record) => record.map((cell) => quoteCell(neutraliseCell(cell))).join(',')).join('\r\n') + '\r\n';
}
