// @vitest-environment node
/**
 * docs/statecharts/<id>.machine.ts (scripts/statecharts/viz.ts): each committed file, evaluated on
 * its own, is the machine it was generated from. The file is copied into an empty temporary
 * directory whose only package is xstate, and imported from there: a relative import or any other
 * package would fail to resolve. Its graph (states, transitions with their guards and actions,
 * invokes, delays, tags, entry and exit) must equal the real machine's.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allStateNodes, describeAction, describeMachineGraph, statePath } from '../../src/dev/statechart/machineGraph';
import { discoverMachines } from '../../scripts/statecharts/discover';
import type { DiscoveredMachine } from '../../scripts/statecharts/discover';
import { renderVizFile, vizFileName } from '../../scripts/statecharts/viz';

const DOCS = join(process.cwd(), 'docs', 'statecharts');

const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** What the visualiser draws of a machine, and what the model walks count. */
function shape(machine: AnyStateMachine) {
  const nodes = allStateNodes(machine).map((n: AnyStateNode) => ({
    path: statePath(n),
    type: n.type,
    history: n.type === 'history' ? (n.history ?? 'shallow') : undefined,
    initial: n.type === 'compound' ? (n.initial?.target?.[0] as AnyStateNode | undefined)?.key : undefined,
    tags: [...n.tags],
    description: n.description,
    meta: n.meta === undefined ? undefined : JSON.parse(JSON.stringify(n.meta)),
    entry: list((n.config as { entry?: unknown }).entry).map(describeAction),
    exit: list((n.config as { exit?: unknown }).exit).map(describeAction),
    invoke: n.invoke.map((i) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : i.id })),
    delays: n.after.map((a) => String(a.delay)),
  }));
  return { id: machine.id, nodes, transitions: describeMachineGraph(machine).transitions };
}

/** Imports `source` from a directory of its own that holds nothing but xstate. */
async function evaluateAlone(source: string, name: string, root: string): Promise<Record<string, unknown>> {
  const dir = join(root, name.replace(/\W/g, '_'));
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(join(process.cwd(), 'node_modules', 'xstate'), join(dir, 'node_modules', 'xstate'), 'dir');
  const file = join(dir, 'machine.ts');
  writeFileSync(file, source);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
}

/** The module specifiers a file imports (static, dynamic, require). */
function importsOf(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*import\s[^;]*?from\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\brequire\s*\(\s*['"]([^'"]+)['"]/g),
  ];
  return [...new Set(found.map((m) => m[1] as string))];
}

let machines: DiscoveredMachine[] = [];
let root = '';

beforeAll(async () => {
  machines = await discoverMachines('src/machines');
  root = mkdtempSync(join(tmpdir(), 'statecharts-viz-'));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('docs/statecharts/<id>.machine.ts', () => {
  it('exists for every machine', () => {
    expect(machines.length).toBeGreaterThanOrEqual(16);
    for (const d of machines) expect(() => readFileSync(join(DOCS, vizFileName(d.id)), 'utf8'), d.id).not.toThrow();
  });

  it('imports only xstate, and, evaluated on its own, gives the same graph as the real machine', async () => {
    for (const d of machines) {
      const source = readFileSync(join(DOCS, vizFileName(d.id)), 'utf8');
      expect(importsOf(source), d.id).toEqual(['xstate']);
      const mod = await evaluateAlone(source, d.id, root);
      const viz = mod[d.exportName] as AnyStateMachine;
      expect(viz?.id, d.id).toBe(d.machine.id);
      expect(shape(viz), d.id).toEqual(shape(d.machine));
      // No implementation travels with it: every guard, action and actor is a name.
      expect(Object.keys(viz.implementations.guards ?? {}), d.id).toEqual([]);
      expect(Object.keys(viz.implementations.actors ?? {}), d.id).toEqual([]);
    }
  });

  it('would notice a file that differs from its machine (a guard, a delay or a target changed)', async () => {
    const demo = setup({ guards: { isReady: () => true }, delays: { patience: 1000 } }).createMachine({
      id: 'demo',
      initial: 'a',
      states: {
        a: { on: { go: [{ guard: 'isReady', target: 'b' }, { target: 'c' }] }, after: { patience: 'c' } },
        b: { type: 'final' },
        c: {},
      },
    });
    const d: DiscoveredMachine = { id: 'demo', exportName: 'demoMachine', folder: 'demo', sourceFile: 'demo.ts', machine: demo };
    const source = renderVizFile(d);
    const same = await evaluateAlone(source, 'same', root);
    expect(shape(same.demoMachine as AnyStateMachine)).toEqual(shape(demo));
    for (const [name, broken] of [
      ['guard', source.replace("guard: 'isReady'", "guard: 'isSet'")],
      ['delay', source.replace('patience:', 'hurry:')],
      ['target', source.replace("patience: 'c'", "patience: 'b'")],
    ] as const) {
      expect(broken, name).not.toBe(source);
      const mod = await evaluateAlone(broken, `broken-${name}`, root);
      expect(shape(mod.demoMachine as AnyStateMachine), name).not.toEqual(shape(demo));
    }
  });
});
