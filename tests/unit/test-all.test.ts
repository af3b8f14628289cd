import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runStages, type Stage, type Step } from '../../scripts/test-all';

/** A step that runs `code` in a fresh Node process. */
const node = (name: string, code: string): Step => ({ name, command: process.execPath, args: ['-e', code] });

/** Creates `mine`, then waits (up to 15 s) for `theirs`: passes only when the other step runs at the same time. */
const meet = (name: string, mine: string, theirs: string): Step =>
  node(
    name,
    `const fs = require('node:fs');
     fs.writeFileSync(${JSON.stringify(mine)}, '');
     const until = Date.now() + 15000;
     const wait = () => fs.existsSync(${JSON.stringify(theirs)}) ? (console.log('${name} met'), process.exit(0))
       : Date.now() > until ? (console.log('${name} alone'), process.exit(3)) : setTimeout(wait, 20);
     wait();`,
  );

describe('npm test stages (scripts/test-all.ts)', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'test-all-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("runs a stage's lanes at the same time, and writes each concurrent step's output whole", async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    const chunks: string[] = [];
    const stages: Stage[] = [
      [
        [node('first', "process.stdout.write('first-1 '); setTimeout(() => console.log('first-2'), 50)"), meet('left', a, b)],
        [meet('right', b, a)],
      ],
    ];
    const results = await runStages(stages, (text) => chunks.push(text));
    expect(results.map((r) => [r.step.name, r.status])).toEqual([
      ['first', 'pass'],
      ['left', 'pass'],
      ['right', 'pass'],
    ]);
    // Each step's header and output arrive as one piece, in the order the steps ended.
    const first = chunks.find((c) => c.includes('━━ first'));
    expect(first).toContain('first-1 first-2');
    expect(chunks.find((c) => c.includes('━━ left'))).toContain('left met');
    expect(chunks.find((c) => c.includes('━━ right'))).toContain('right met');
  }, 30_000);

  it('stops a lane at its failure, lets the other lanes finish, and starts no later stage', async () => {
    const marker = join(dir, 'later-ran');
    const stages: Stage[] = [
      [
        [node('fails', 'process.exit(2)'), node('after failure', 'process.exit(0)')],
        [node('slow sibling', "setTimeout(() => console.log('sibling done'), 200)")],
      ],
      [[node('later', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`)]],
    ];
    const results = await runStages(stages, () => {});
    expect(results.map((r) => [r.step.name, r.status, r.note])).toEqual([
      ['fails', 'fail', 'exit code 2'],
      ['after failure', 'not run', undefined],
      ['slow sibling', 'pass', undefined],
      ['later', 'not run', undefined],
    ]);
    expect(existsSync(marker)).toBe(false);
  }, 30_000);

  it('streams a step alone in its stage as it runs, and counts its tests', async () => {
    const chunks: string[] = [];
    const step: Step = {
      ...node('suite', "console.log(' Tests  3 passed | 1 failed (4)'); process.exit(1)"),
      parse: (output) => (/(\d+) passed \| (\d+) failed/.test(output) ? { passed: 3, failed: 1 } : undefined),
    };
    const [result] = await runStages([[[step]]], (text) => chunks.push(text));
    expect(chunks[0]).toMatch(/^\n━━ suite: /);
    expect(chunks.slice(1).join('')).toContain('Tests  3 passed');
    expect(result).toMatchObject({ status: 'fail', counts: { passed: 3, failed: 1 }, note: 'exit code 1' });
  }, 30_000);
});
