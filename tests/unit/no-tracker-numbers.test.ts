// @vitest-environment node
/**
 * The comments of the production code say what they mean, not which tracker item asked for it: a
 * comment that reads "(issue 17)" tells a newcomer nothing once the tracker is gone. SPEC §
 * references and docs/ pages are fine. This reads every comment of src/, server/ and scripts/
 * (TypeScript through its parser, so strings and JSX text are not comments; SQL by its `--` lines).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['src', 'server', 'scripts'];
const TRACKER = /\bissues?\s+#?\d+/i;
/** Shipped migrations are never edited (their checksums are recorded), so what they say stays. */
const SHIPPED = new Set(['server/migrations/0008.do.billing-provider.sql']);

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every comment of a TypeScript or JavaScript file, with its line (1-based). */
function commentsOf(name: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const seen = new Map<number, { line: number; text: string }>();
  const add = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      seen.set(range.pos, { line, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
    }
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, comment]) => comment);
}

function sqlCommentsOf(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((source, index) => {
    const at = source.indexOf('--');
    return at === -1 ? [] : [{ line: index + 1, text: source.slice(at) }];
  });
}

function trackerReferences(): string[] {
  return FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder))).flatMap((path) => {
    const file = relative(ROOT, path).split('\\').join('/');
    if (SHIPPED.has(file)) return [];
    const text = readFileSync(path, 'utf8');
    const comments = /\.(ts|tsx|mts|js|mjs)$/.test(file) ? commentsOf(file, text) : file.endsWith('.sql') ? sqlCommentsOf(text) : [];
    return comments
      .filter((comment) => TRACKER.test(comment.text))
      .map((comment) => `${file}:${comment.line}: ${comment.text.match(TRACKER)?.[0]}`);
  });
}

describe('comments without tracker numbers', () => {
  it('finds a tracker number in line, block and JSX comments, and not in strings or JSX text', () => {
    const text = [
      '// the list (issue 14)',
      '/**',
      ' * Read ahead (Issues 17 and 36).',
      ' */',
      "const from = 'issue 17';",
      'const view = <p>issue 5 {/* the note (issue #40) */}</p>; // trailing, issue 7',
    ].join('\n');
    const found = commentsOf('x.tsx', text).filter((comment) => TRACKER.test(comment.text));
    expect(found.map((comment) => comment.line)).toEqual([1, 2, 6, 6]);
    expect(found.map((comment) => comment.text.match(TRACKER)?.[0])).toEqual(['issue 14', 'Issues 17', 'issue #40', 'issue 7']);
    expect(commentsOf('x.ts', '// SPEC §7 and docs/PERFORMANCE.md\nconst a = 1;')).toHaveLength(1);
    expect(TRACKER.test('// SPEC §7 and docs/PERFORMANCE.md')).toBe(false);
  });

  it('no comment of src/, server/ or scripts/ names an issue by its number', () => {
    expect(trackerReferences()).toEqual([]);
  });
});
