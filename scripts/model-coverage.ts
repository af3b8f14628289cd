/**
 * Run after the model-based walks (`npm run test:model`): checks every machine in src/machines has
 * a report in reports/model/<id>.json at 100% of states and transitions, writes
 * reports/statechart-coverage.json and the coverage page reports/statecharts/index.html (diagrams
 * coloured by coverage, tables, the path that walks each transition; written on failure too).
 * Options: `--machines <dir>`, `--reports <dir>`, `--out <file>`, `--html <dir>`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describeMachineGraph } from '../src/dev/statechart/machine-graph';
import { parseModelReport } from '../tests/support/model/report';
import type { ModelReport } from '../tests/support/model/report';
import { writeCoveragePage } from './statecharts/coverage-html';
import type { MachineCoverage } from './statecharts/coverage-html';
import { discoverMachines } from './statecharts/discover';

interface Figures {
  covered: number;
  total: number;
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? fallback;
}

function readReport(file: string): ModelReport | string {
  if (!existsSync(file)) return 'no report (is there a model-based test in tests/machines walking it?)';
  return parseModelReport(readFileSync(file, 'utf8'));
}

const pct = (f: Figures): string => (f.total === 0 ? '100.0%' : `${((100 * f.covered) / f.total).toFixed(1)}%`);

async function main(): Promise<number> {
  const machinesDir = option('--machines', 'src/machines');
  const reportsDir = resolve(option('--reports', 'reports/model'));
  const outFile = resolve(option('--out', 'reports/statechart-coverage.json'));
  const htmlDir = resolve(option('--html', 'reports/statecharts'));
  const machines = await discoverMachines(machinesDir);
  if (machines.length === 0) {
    console.error(`No machines found in ${machinesDir}.`);
    return 1;
  }

  const rows: string[][] = [];
  const problems: string[] = [];
  const out: Array<{ id: string; states: Figures; transitions: Figures }> = [];
  const page: MachineCoverage[] = [];
  for (const { machine } of machines) {
    const graph = describeMachineGraph(machine);
    const report = readReport(join(reportsDir, `${machine.id}.json`));
    if (typeof report === 'string') {
      problems.push(`${machine.id}: ${report}`);
      out.push({
        id: machine.id,
        states: { covered: 0, total: graph.states.length },
        transitions: { covered: 0, total: graph.transitions.length },
      });
      rows.push([machine.id, `0/${graph.states.length}`, '0.0%', `0/${graph.transitions.length}`, '0.0%', 'NO REPORT']);
      page.push({ machine, report: undefined, status: 'NO REPORT', problem: report });
      continue;
    }
    const states = { covered: report.states.covered, total: report.states.total };
    const transitions = { covered: report.transitions.covered, total: report.transitions.total };
    out.push({ id: machine.id, states, transitions });
    let status: MachineCoverage['status'] = 'ok';
    if (states.total !== graph.states.length || transitions.total !== graph.transitions.length) {
      status = 'STALE';
      problems.push(
        `${machine.id}: report totals (${states.total} states, ${transitions.total} transitions) differ from the machine (${graph.states.length}, ${graph.transitions.length}); rerun the model tests`,
      );
    } else if (states.covered < states.total || transitions.covered < transitions.total) {
      status = 'GAPS';
      const missing = [...report.states.missing.map((s) => `state ${s}`), ...report.transitions.missing.map((t) => `transition ${t}`)];
      problems.push(`${machine.id}: not fully covered:\n${missing.map((m) => `      - ${m}`).join('\n')}`);
    }
    page.push({ machine, report, status, ...(status === 'ok' ? {} : { problem: problems.at(-1) ?? '' }) });
    rows.push([
      machine.id,
      `${states.covered}/${states.total}`,
      pct(states),
      `${transitions.covered}/${transitions.total}`,
      pct(transitions),
      status,
    ]);
  }

  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify({ machines: out })}\n`);
  const pageFile = writeCoveragePage(htmlDir, page);

  const header = ['machine', 'states', '%', 'transitions', '%', 'status'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log('\nStatechart coverage (model-based tests)');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  const sum = (k: 'states' | 'transitions', f: 'covered' | 'total'): number => out.reduce((n, m) => n + m[k][f], 0);
  console.log(
    `\nstates ${sum('states', 'covered')}/${sum('states', 'total')}, transitions ${sum('transitions', 'covered')}/${sum('transitions', 'total')} — written to ${outFile}`,
  );
  console.log(`Coverage page: ${relative(process.cwd(), pageFile)} (open it in a browser; works from file://)`);

  if (problems.length > 0) {
    console.error(`\nModel coverage below 100%:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
