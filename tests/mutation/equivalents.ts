/**
 * Every mutant no test can tell from the code, with the reason: the one list the mutation run reads.
 *
 * Production code carries no tool comments. Where a mutant survives because nothing can observe
 * the change it makes, it is listed here instead, named by what it changes rather than by a line
 * number, so that the entry follows the code when lines move:
 *
 *   file         the mutated file, from the repository root
 *   mutator      Stryker's mutator name ('ConditionalExpression', 'StringLiteral', ...)
 *   code         the code Stryker replaces, exactly as it reads in the file; runs of white space
 *                (line breaks and indentation included) count as one space
 *   replacement  what Stryker puts in its place (`true`, `false`, `""`, `{}` ...), the same way;
 *                left out, the entry covers every replacement this mutator makes of that code
 *   reason       why no test can tell the mutant from the code
 *
 * The whole run (`npm run test:mutation`) runs every mutant, these too; scripts/test/mutation-report.ts
 * then counts a survivor that an entry names as equivalent, and reports an entry that names no
 * survivor (stale, or a mutant a test now kills). tests/unit/mutation-equivalents.test.ts checks,
 * without a run, that each entry's code is still in its file. Add an entry only with a reason a
 * reviewer can check; a mutant a test could kill gets the test instead.
 */
export interface Equivalent {
  readonly file: string;
  readonly mutator: string;
  readonly code: string;
  readonly replacement?: string;
  readonly reason: string;
}

export const EQUIVALENTS: readonly Equivalent[] = [
  // ── src/domain/markdown.ts ─────────────────────────────────────────────────────────────────────
  {
    file: 'src/domain/markdown.ts',
    mutator: 'ObjectLiteral',
    code: '{ steps: 0 }',
    replacement: '{}',
    reason:
      'The default meter of parseBlocks and parseInline (both are this code) is read by nobody: a caller that wants the count passes its own meter. With `{}` the steps added to it become NaN, which nothing sees.',
  },

  // (end of src/domain/markdown.ts)

  // ── src/machines: chat, activity, auth ─────────────────────────────────────────────────────────

  // (end of chat, activity, auth)

  // ── the other machines, the other domain files ─────────────────────────────────────────────────

  // (end of the other machines and domain files)
];
