// @vitest-environment node
/**
 * The declared infeasible pairs and guard outcomes (scripts/statecharts/infeasible.ts), as
 * scripts/statecharts/model-coverage.ts reads tests/machines/infeasible.json: every declaration needs a real
 * reason, and an item is walked, declared, or a gap; a declaration of something a walk took, or of
 * something the machine does not have, is a problem (the file cannot drift from the machines).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { discoverMachines } from '../../scripts/statecharts/discover';
import { judge, parseInfeasible, readInfeasible, suggestEntry } from '../../scripts/statecharts/infeasible';
import { guardOutcomes, transitionPairs } from '../support/model/criteria';

const file = (machines: unknown) => JSON.stringify({ machines });

describe('infeasible.json', () => {
  it('reads each entry: the reason for every pair and guard outcome it names', () => {
    const parsed = parseInfeasible(
      file({ chat: [{ reason: 'Clear conversation shows only when there are messages.', pairs: ['a >> b'], guards: ['false: t'] }] }),
    );
    expect(parsed.pairs.get('chat')).toEqual(new Map([['a >> b', 'Clear conversation shows only when there are messages.']]));
    expect(parsed.guards.get('chat')).toEqual(new Map([['false: t', 'Clear conversation shows only when there are messages.']]));
  });

  it('refuses an entry without a reason, with the placeholder reason, naming nothing, or naming an item twice', () => {
    const placeholder = JSON.parse(suggestEntry(['a >> b'], [])) as { reason: string };
    for (const [entries, message] of [
      [[{ pairs: ['a >> b'] }], 'a reason'],
      [[{ reason: 'short', pairs: ['a >> b'] }], 'a reason'],
      [[{ reason: placeholder.reason, pairs: ['a >> b'] }], 'a reason'],
      [[{ reason: 'A reason long enough to read.' }], 'names no pair'],
      [[{ reason: 'A reason long enough to read.', pairs: ['a >> b', 'a >> b'] }], 'declared twice'],
      [[{ reason: 'A reason long enough to read.', pairs: 'a >> b' }], 'lists of keys'],
    ] as const) {
      expect(() => parseInfeasible(file({ chat: entries }))).toThrow(message);
    }
    expect(() => parseInfeasible('{')).toThrow('not JSON');
    expect(() => parseInfeasible('{"chat": []}')).toThrow('expected { "machines"');
  });

  it('judges each item: walked, declared infeasible, or a gap, and flags declarations that are wrong', () => {
    const keys = ['p1', 'p2', 'p3', 'p4'];
    const declared = new Map([
      ['p2', 'Cannot happen: the button is hidden.'],
      ['p3', 'Claimed, but a walk took it.'],
      ['gone', 'Names a pair the machine no longer has.'],
    ]);
    const result = judge(keys, new Set(['p2', 'p4']), declared, true, 'pair');
    expect([...result.items]).toEqual([
      ['p1', { kind: 'walked' }],
      ['p2', { kind: 'infeasible', reason: 'Cannot happen: the button is hidden.' }],
      ['p3', { kind: 'walked' }],
      ['p4', { kind: 'gap' }],
    ]);
    expect(result.figures).toEqual({ covered: 2, total: 4, infeasible: 1 });
    expect(result.gaps).toEqual(['p4']);
    expect(result.problems).toEqual([
      'declared infeasible, but the machine has no such pair: gone',
      'declared infeasible, but a walk took it (remove it from the file): p3',
    ]);
  });

  it('counts nothing as walked without a measured report', () => {
    const result = judge(['p1'], new Set(), new Map(), false, 'pair');
    expect(result.items.get('p1')).toEqual({ kind: 'gap' });
  });
});

describe('tests/machines/infeasible.json (committed)', () => {
  it('parses, and names only machines, transition pairs and guard outcomes that exist', async () => {
    const declared = readInfeasible(join(process.cwd(), 'tests', 'machines', 'infeasible.json'));
    const machines = new Map((await discoverMachines('src/machines')).map((d) => [d.machine.id, d.machine] as const));
    expect(declared.pairs.size + declared.guards.size).toBeGreaterThan(0);
    for (const [id, items] of declared.pairs) {
      const machine = machines.get(id);
      expect(machine, id).toBeDefined();
      const keys = new Set(transitionPairs(machine as AnyStateMachine).map((p) => p.key));
      for (const key of items.keys()) expect(keys.has(key), `${id}: ${key}`).toBe(true);
    }
    for (const [id, items] of declared.guards) {
      const machine = machines.get(id);
      expect(machine, id).toBeDefined();
      const keys = new Set(guardOutcomes(machine as AnyStateMachine).map((g) => g.key));
      for (const key of items.keys()) expect(keys.has(key), `${id}: ${key}`).toBe(true);
    }
  });
});
