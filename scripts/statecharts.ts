/**
 * `npm run statecharts` — regenerate docs/statecharts from the machines in src/machines: a page per
 * machine (<id>.md), an index (README.md) and, per machine, a self-contained file for the Stately
 * visualiser (<id>.machine.ts, scripts/statecharts/viz.ts).
 * `npm run statecharts -- --check` — fail (exit 1) when the committed pages are stale.
 * Options for trying it elsewhere: `--machines <dir>` (default src/machines), `--out <dir>` (default docs/statecharts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { discoverMachines } from './statecharts/discover';
import { renderIndex, renderMachinePage } from './statecharts/render';
import { renderVizFile, vizFileName } from './statecharts/viz';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ?? fallback;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const machinesDir = option('--machines', 'src/machines');
  const outDir = resolve(option('--out', 'docs/statecharts'));
  const machines = await discoverMachines(machinesDir);

  const expected = new Map<string, string>();
  for (const d of machines) {
    expected.set(`${d.machine.id}.md`, renderMachinePage(d));
    expected.set(vizFileName(d.machine.id), renderVizFile(d));
  }
  expected.set('README.md', renderIndex(machines));

  const existing = existsSync(outDir) ? readdirSync(outDir).filter((f) => f.endsWith('.md') || f.endsWith('.machine.ts')) : [];
  const stale: string[] = [];
  for (const [file, content] of expected) {
    const path = join(outDir, file);
    if (!existsSync(path)) stale.push(`${file} (missing)`);
    else if (readFileSync(path, 'utf8') !== content) stale.push(`${file} (out of date)`);
  }
  const extra = existing.filter((f) => !expected.has(f));
  for (const f of extra) stale.push(`${f} (no such machine)`);

  if (check) {
    if (stale.length > 0) {
      console.error(`docs/statecharts is stale — run \`npm run statecharts\`:\n${stale.map((s) => `  - ${s}`).join('\n')}`);
      return 1;
    }
    console.log(`statecharts up to date (${machines.length} machine${machines.length === 1 ? '' : 's'}).`);
    return 0;
  }
  mkdirSync(outDir, { recursive: true });
  for (const f of extra) rmSync(join(outDir, f));
  for (const [file, content] of expected) writeFileSync(join(outDir, file), content);
  console.log(`Wrote ${expected.size} page(s) to ${outDir}: ${[...expected.keys()].join(', ')}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
