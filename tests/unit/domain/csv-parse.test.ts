// @vitest-environment node
/**
 * CSV as spreadsheets write and read it (src/domain/csv.ts): the records a text holds, whatever
 * line ends it uses, and records written back as text a spreadsheet reads as the same cells.
 */
import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from '../../../src/domain/csv';

describe('reading CSV', () => {
  it('splits fields at commas and records at line feeds', () => {
    expect(parseCsv('name,email\nAna,ana@example.com\n')).toEqual([
      ['name', 'email'],
      ['Ana', 'ana@example.com'],
    ]);
  });

  it('ends a record at CRLF, at a lone CR, and at a LF after a CR', () => {
    expect(parseCsv('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\rb\rc')).toEqual([['a'], ['b'], ['c']]);
    expect(parseCsv('a\n\rb\n')).toEqual([['a'], ['b']]);
  });

  it('keeps the last record when the text does not end with a line break', () => {
    expect(parseCsv('a,b\nc')).toEqual([['a', 'b'], ['c']]);
    expect(parseCsv('a,b\nc,')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
    expect(parseCsv(',')).toEqual([['', '']]);
  });

  it('drops blank lines, and reads nothing from an empty text', () => {
    expect(parseCsv('\n\r\n\na\n\n\nb\n\n')).toEqual([['a'], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('reads a quote inside an unquoted field as a plain character', () => {
    expect(parseCsv('ab"c,d\n5" screen,x')).toEqual([
      ['ab"c', 'd'],
      ['5" screen', 'x'],
    ]);
  });

  it('reads commas, line breaks and doubled quotes inside a quoted field', () => {
    expect(parseCsv('"Diaz, Ana","line 1\r\nline 2","say ""hi"""\n')).toEqual([['Diaz, Ana', 'line 1\r\nline 2', 'say "hi"']]);
  });
});

describe('writing CSV', () => {
  it('ends every record with CRLF and leaves plain cells unquoted', () => {
    expect(
      formatCsv([
        ['name', 'email'],
        ['Ana Diaz', 'ana@example.com'],
      ]),
    ).toBe('name,email\r\nAna Diaz,ana@example.com\r\n');
  });

  it('quotes exactly the cells that hold a quote, a comma or a line break', () => {
    expect(formatCsv([['Diaz, Ana', 'say "hi"', 'a\nb', 'c\rd', 'plain']])).toBe('"Diaz, Ana","say ""hi""","a\nb","c\rd",plain\r\n');
  });

  it('reads back what it wrote', () => {
    const records = [
      ['Diaz, Ana', 'say "hi"'],
      ['line 1\r\nline 2', ''],
    ];
    expect(parseCsv(formatCsv(records))).toEqual(records);
  });
});
