// @vitest-environment node
/**
 * A parser a newcomer can follow (issue 40, item 7): no function of the Assistant (server/copilot)
 * or of the figures it shares with the screens (server/figures) is over 100 lines. Every function,
 * method, arrow function and function expression is measured with the TypeScript compiler's own
 * parser, from its first line to its last, nested ones included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const FOLDERS = ['server/copilot', 'server/figures'];
const MAX_LINES = 100;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Measured {
  where: string;
  lines: number;
}

/** Every function-like node with a body in `text`, with its length in lines. */
function functionLengths(fileName: string, text: string): Measured[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Measured[] = [];
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = line(node.getStart(source));
      const name = 'name' in node && node.name ? node.name.getText(source) : '(anonymous)';
      found.push({ where: `${fileName}:${first} ${name}`, lines: line(node.end) - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the Assistant reads in short functions', () => {
  it('measures a function the way a reader counts its lines', () => {
    const body = Array.from({ length: 101 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const text = `export function long() {\n${body}\n}\nconst short = () => 1;\nclass C { m() {\n  return 2;\n} }\n`;
    expect(functionLengths('x.ts', text).map((f) => [f.where, f.lines])).toEqual([
      ['x.ts:1 long', 103],
      ['x.ts:104 (anonymous)', 1],
      ['x.ts:105 m', 3],
    ]);
  });

  it(`has no function over ${MAX_LINES} lines in ${FOLDERS.join(' or ')}`, () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(20);
    const measured = files.flatMap((file) => functionLengths(relative(ROOT, file), readFileSync(file, 'utf8')));
    const tooLong = measured.filter((f) => f.lines > MAX_LINES).map((f) => `${f.where} (${f.lines} lines)`);
    expect(tooLong).toEqual([]);
  });
});
