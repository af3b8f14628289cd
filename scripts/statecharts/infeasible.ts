/**
 * The declared infeasible transition pairs and guard outcomes (tests/machines/infeasible.json):
 * what no walk can take, each with the reason why. scripts/statecharts/model-coverage.ts reads it, so a gap
 * is either walked or explained here; an entry that names nothing the machine has, or that a walk
 * did take after all, is an error, so the file cannot drift from the machines.
 *
 * ```json
 * { "machines": { "<machine id>": [ { "reason": "why", "pairs": ["<pair key>"], "guards": ["<guard outcome key>"] } ] } }
 * ```
 * Keys are those of the coverage report (`<into> >> <out>` for pairs, `true: <transition>` /
 * `false: <transition>` for guard outcomes); the coverage check prints the missing ones ready to paste.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { CriterionStatus } from './coverage-html';

export interface InfeasibleEntry {
  reason: string;
  pairs: string[];
  guards: string[];
}

/** Per machine id, per item key: the reason. */
export interface Infeasible {
  pairs: Map<string, Map<string, string>>;
  guards: Map<string, Map<string, string>>;
}

const emptyInfeasible = (): Infeasible => ({ pairs: new Map(), guards: new Map() });

/** The reason a suggested entry carries until a person writes the real one; refused as a reason. */
const PLACEHOLDER = 'WHY NO WALK CAN TAKE THESE (or walk them)';

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Parses the file's text; throws with every problem named. */
export function parseInfeasible(text: string, file = 'infeasible.json'): Infeasible {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const problems: string[] = [];
  const out = emptyInfeasible();
  const machines = (data as { machines?: unknown } | null)?.machines;
  if (typeof machines !== 'object' || machines === null || Array.isArray(machines))
    throw new Error(`${file}: expected { "machines": { "<id>": [...] } }`);
  for (const [id, entries] of Object.entries(machines)) {
    if (!Array.isArray(entries)) {
      problems.push(`${id}: expected a list of { reason, pairs, guards }`);
      continue;
    }
    entries.forEach((raw: unknown, i) => {
      const e = raw as Partial<InfeasibleEntry> | null;
      const where = `${id}[${i}]`;
      if (typeof e !== 'object' || e === null) return void problems.push(`${where}: expected an object`);
      if (typeof e.reason !== 'string' || e.reason.trim().length < 10 || e.reason === PLACEHOLDER)
        problems.push(`${where}: a reason (a sentence saying why no walk can take these) is required`);
      const pairs = e.pairs ?? [];
      const guards = e.guards ?? [];
      if (!isStringList(pairs) || !isStringList(guards)) return void problems.push(`${where}: "pairs" and "guards" are lists of keys`);
      if (pairs.length + guards.length === 0) problems.push(`${where}: names no pair and no guard outcome`);
      for (const [kind, keys] of [
        ['pairs', pairs],
        ['guards', guards],
      ] as const) {
        const map = out[kind].get(id) ?? new Map<string, string>();
        for (const key of keys) {
          if (map.has(key)) problems.push(`${where}: ${kind} "${key}" is declared twice`);
          map.set(key, String(e.reason ?? ''));
        }
        out[kind].set(id, map);
      }
    });
  }
  if (problems.length > 0) throw new Error(`${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return out;
}

export function readInfeasible(file: string): Infeasible {
  if (!existsSync(file)) return emptyInfeasible();
  return parseInfeasible(readFileSync(file, 'utf8'), file);
}

/** A ready-to-paste entry for what is neither walked nor declared (the reason left for a person to write). */
export function suggestEntry(pairs: readonly string[], guards: readonly string[]): string {
  return JSON.stringify({ reason: PLACEHOLDER, pairs, guards }, null, 2);
}

export interface CriterionFigures {
  covered: number;
  total: number;
  /** Declared infeasible (and not walked). */
  infeasible: number;
}

/** Each item's status: walked, declared infeasible, or a gap; plus the problems with the declarations. */
export function judge(
  keys: readonly string[],
  missing: ReadonlySet<string>,
  declared: ReadonlyMap<string, string>,
  measured: boolean,
  what: string,
): { items: Map<string, CriterionStatus>; figures: CriterionFigures; gaps: string[]; problems: string[] } {
  const items = new Map<string, CriterionStatus>();
  const gaps: string[] = [];
  const problems: string[] = [];
  const known = new Set(keys);
  for (const key of declared.keys()) if (!known.has(key)) problems.push(`declared infeasible, but the machine has no such ${what}: ${key}`);
  let covered = 0;
  let infeasible = 0;
  for (const key of keys) {
    const walked = measured && !missing.has(key);
    const reason = declared.get(key);
    if (walked) {
      covered += 1;
      items.set(key, { kind: 'walked' });
      if (reason !== undefined) problems.push(`declared infeasible, but a walk took it (remove it from the file): ${key}`);
    } else if (reason !== undefined) {
      infeasible += 1;
      items.set(key, { kind: 'infeasible', reason });
    } else {
      items.set(key, { kind: 'gap' });
      gaps.push(key);
    }
  }
  return { items, figures: { covered, total: keys.length, infeasible }, gaps, problems };
}
