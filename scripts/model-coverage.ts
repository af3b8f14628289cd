/**
 * Run after the model-based walks (`npm run test:model`): checks every machine in src/machines has
 * a report in reports/model/<id>.json at 100% of states and transitions, and writes
 * reports/statechart-coverage.json. Options: `--machines <dir>`, `--reports <dir>`, `--out <file>`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describeMachineGraph } from '../tests/support/model/machine-graph';
import { discoverMachines } from './statecharts/discover';

interface Figures {
  covered: number;
  total: number;
  missing?: string[];
}
interface Report {
  id: string;
  states: Figures;
  transitions: Figures;
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? fallback;
}

function isFigures(v: unknown): v is Figures {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return typeof f.covered === 'number' && typeof f.total === 'number';
}

function readReport(file: string): Report | string {
  if (!existsSync(file)) return 'no report (is there a model-based test in tests/machines walking it?)';
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof data.id !== 'string' || !isFigures(data.states) || !isFigures(data.transitions)) return 'malformed report';
    return data as unknown as Report;
  } catch (error) {
    return `unreadable report: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const pct = (f: Figures): string => (f.total === 0 ? '100.0%' : `${((100 * f.covered) / f.total).toFixed(1)}%`);

async function main(): Promise<number> {
  const machinesDir = option('--machines', 'src/machines');
  const reportsDir = resolve(option('--reports', 'reports/model'));
  const outFile = resolve(option('--out', 'reports/statechart-coverage.json'));
  const machines = await discoverMachines(machinesDir);
  if (machines.length === 0) {
    console.error(`No machines found in ${machinesDir}.`);
    return 1;
  }

  const rows: string[][] = [];
  const problems: string[] = [];
  const out: Array<{ id: string; states: { covered: number; total: number }; transitions: { covered: number; total: number } }> = [];
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
      continue;
    }
    const states = { covered: report.states.covered, total: report.states.total };
    const transitions = { covered: report.transitions.covered, total: report.transitions.total };
    out.push({ id: machine.id, states, transitions });
    let status = 'ok';
    if (states.total !== graph.states.length || transitions.total !== graph.transitions.length) {
      status = 'STALE';
      problems.push(
        `${machine.id}: report totals (${states.total} states, ${transitions.total} transitions) differ from the machine (${graph.states.length}, ${graph.transitions.length}); rerun the model tests`,
      );
    } else if (states.covered < states.total || transitions.covered < transitions.total) {
      status = 'GAPS';
      const missing = [
        ...(report.states.missing ?? []).map((s) => `state ${s}`),
        ...(report.transitions.missing ?? []).map((t) => `transition ${t}`),
      ];
      problems.push(`${machine.id}: not fully covered:\n${missing.map((m) => `      - ${m}`).join('\n')}`);
    }
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
