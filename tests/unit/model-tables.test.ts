// @vitest-environment node
/**
 * The walk tables helper (tests/support/model/tables.ts): which entries run for a state, that a
 * table leaving a state or an event out is refused (at compile time where the machine is typed, and
 * at run time always), and that a wrong entry fails a walk.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import type { AnyEventObject } from 'xstate';
import {
  createControllableActors,
  createControlledDelays,
  createCoverageRecorder,
  generateModelPaths,
  runModelPath,
} from '../support/model';
import type { Driver, StepInfo, WalkContext } from '../support/model';
import { checkTables, inSubstates, performedEventTypes, tableDriver } from '../support/model/tables';
import type { EventTable, LeafPath, StatePath, StateTable, WalkTables } from '../support/model/tables';

/** Nesting, a parallel state, an invoke, a delay, a final state and an eventless transition. */
const formMachine = setup({
  types: {
    context: {} as { name: string },
    events: {} as { type: 'form.submit'; name: string } | { type: 'form.edit' } | { type: 'help.toggle' },
  },
  actors: { save: fromPromise<string, { name: string }>(() => Promise.reject(new Error('not provided'))) },
  delays: { settleDown: 1000 },
}).createMachine({
  id: 'form',
  initial: 'editing',
  context: { name: '' },
  states: {
    editing: {
      type: 'parallel',
      states: {
        field: {
          initial: 'clean',
          states: { clean: {}, dirty: { after: { settleDown: 'clean' } } },
          on: { 'form.edit': '.dirty' },
        },
        help: { initial: 'hidden', states: { hidden: { on: { 'help.toggle': 'shown' } }, shown: { on: { 'help.toggle': 'hidden' } } } },
      },
      on: { 'form.submit': 'saving' },
    },
    saving: { invoke: { id: 'save', src: 'save', input: { name: 'Ada' }, onDone: 'saved', onError: 'failed' } },
    failed: { always: 'editing' },
    saved: { type: 'final' },
  },
});
type Form = typeof formMachine;

const AFTER = 'xstate.after.settleDown.form.editing.field.dirty';
const noop = (): void => undefined;

/** A complete set of tables whose entries log what ran. */
function loggingTables(log: string[]): WalkTables<Form> {
  const note = (name: string) => () => void log.push(name);
  return {
    every: note('every'),
    states: {
      editing: note('editing'),
      'editing.field': inSubstates,
      'editing.field.clean': note('clean'),
      'editing.field.dirty': note('dirty'),
      'editing.help': inSubstates,
      'editing.help.hidden': note('hidden'),
      'editing.help.shown': note('shown'),
      saving: note('saving'),
      failed: note('failed'),
      saved: note('saved'),
    },
    events: {
      'form.submit': (event) => void log.push(`do submit ${event.name}`),
      'form.edit': note('do edit'),
      'help.toggle': note('do toggle'),
      'xstate.done.actor.save': note('do save'),
      'xstate.error.actor.save': note('do fail'),
      [AFTER]: note('do settle'),
    },
    arrivals: {
      'editing.field.clean': { [AFTER]: note('settled') },
      editing: { 'form.edit': ({ event }) => void log.push(`edited (${event?.type ?? 'none'})`) },
    },
  };
}

const info: StepInfo = { kind: 'event' };
const snapshotIn = (value: Parameters<typeof formMachine.resolveState>[0]['value']) =>
  formMachine.resolveState({ value, context: { name: '' } });

describe('walk tables: the driver', () => {
  it('checks every, then each active state parents first (both regions of a parallel state), then arrivals', async () => {
    const log: string[] = [];
    const driver = tableDriver(formMachine, loggingTables(log));
    const dirty = snapshotIn({ editing: { field: 'dirty', help: 'shown' } });
    await driver.assert(dirty.value, dirty);
    expect(log).toEqual(['every', 'editing', 'dirty', 'shown']);

    log.length = 0;
    await driver.perform({ type: 'form.edit' }, info);
    await driver.assert(dirty.value, dirty);
    expect(log).toEqual(['do edit', 'every', 'editing', 'dirty', 'shown', 'edited (form.edit)']);

    log.length = 0;
    await driver.perform({ type: AFTER }, { kind: 'after', delay: 'settleDown' });
    const clean = snapshotIn({ editing: { field: 'clean', help: 'shown' } });
    await driver.assert(clean.value, clean);
    expect(log).toEqual(['do settle', 'every', 'editing', 'clean', 'shown', 'settled']);
  });

  it('performs each event with its entry, passing the event and its step info', async () => {
    const log: string[] = [];
    const driver = tableDriver(formMachine, loggingTables(log));
    await driver.perform({ type: 'form.submit', name: 'Ada' }, info);
    await driver.perform(
      { type: 'xstate.error.actor.save', error: new Error('') },
      { kind: 'error.actor', invoke: { id: 'save', src: 'save' } },
    );
    expect(log).toEqual(['do submit Ada', 'do fail']);
  });

  it('fails loudly on an event or a state without an entry, even in tables changed after they were checked', async () => {
    const tables = loggingTables([]);
    const driver = tableDriver(formMachine, tables);
    // Entries removed after the driver was built: the lookups themselves refuse.
    delete (tables.events as Record<string, unknown>)['form.edit'];
    delete (tables.states as Record<string, unknown>).saving;
    await expect(driver.perform({ type: 'form.edit' }, info)).rejects.toThrow('no entry for event "form.edit" in the events table');
    const saving = snapshotIn('saving');
    await expect(driver.assert(saving.value, saving)).rejects.toThrow('no entry for state "saving" in the states table');
  });
});

describe('walk tables: refusing incomplete tables', () => {
  it('lists the event types a walk performs: events, invoke results and delays, not eventless or onDone', () => {
    expect(performedEventTypes(formMachine).sort()).toEqual(
      ['form.edit', 'form.submit', 'help.toggle', AFTER, 'xstate.done.actor.save', 'xstate.error.actor.save'].sort(),
    );
  });

  it('accepts complete tables', () => {
    expect(() => checkTables(formMachine, loggingTables([]))).not.toThrow();
  });

  it('refuses a table without an entry for a state, naming every one missing', () => {
    const { states, ...rest } = loggingTables([]);
    const { saved: _saved, editing: _editing, ...fewer } = states;
    // @ts-expect-error 'saved' and 'editing' have no entry: the type of a typed machine's table says so.
    const tables: WalkTables<Form> = { ...rest, states: fewer };
    expect(() => tableDriver(formMachine, tables)).toThrow('walk tables of "form": the states table has no entry for "editing", "saved"');
  });

  it('refuses an entry for a state the machine does not have', () => {
    const tables = loggingTables([]);
    // @ts-expect-error no such state
    const states: StateTable<Form> = { ...tables.states, 'editing.field.typo': noop };
    expect(() => checkTables(formMachine, { ...tables, states })).toThrow(
      'the states table names states the machine does not have: "editing.field.typo"',
    );
  });

  it('allows inSubstates only on parents: an atomic or final state must say what is seen', () => {
    const tables = loggingTables([]);
    // @ts-expect-error 'saved' is final: it needs a check
    const states: StateTable<Form> = { ...tables.states, saved: inSubstates, 'editing.help.shown': inSubstates };
    expect(() => checkTables(formMachine, { ...tables, states })).toThrow(
      '"editing.help.shown", "saved" have no substates: say what is seen there instead of inSubstates',
    );
  });

  it('refuses an events table that leaves out an event some transition takes, or names one none takes', () => {
    const tables = loggingTables([]);
    const { [AFTER]: _after, 'xstate.done.actor.save': _done, ...fewer } = tables.events;
    expect(() => checkTables(formMachine, { ...tables, events: fewer })).toThrow(
      `the events table has no entry for "${AFTER}", "xstate.done.actor.save"`,
    );
    const more: EventTable<Form> = { ...tables.events, 'xstate.done.actor.saveTypo': noop };
    expect(() => checkTables(formMachine, { ...tables, events: more })).toThrow(
      'the events table names events no transition takes: "xstate.done.actor.saveTypo"',
    );
  });

  it('refuses arrivals under a state or an event the machine does not have', () => {
    const tables = loggingTables([]);
    expect(() =>
      checkTables(formMachine, {
        ...tables,
        // @ts-expect-error no such state
        arrivals: { 'editing.nowhere': { 'form.edit': noop }, saving: { 'form.sumbit': noop } },
      }),
    ).toThrow(
      'the arrivals table names a state the machine does not have: "editing.nowhere"; the arrivals table names, under "saving", events no transition takes: "form.sumbit"',
    );
  });

  it('derives the state paths from the machine, and types each event entry with its event', () => {
    expectTypeOf<StatePath<Form>>().toEqualTypeOf<
      | 'editing'
      | 'editing.field'
      | 'editing.field.clean'
      | 'editing.field.dirty'
      | 'editing.help'
      | 'editing.help.hidden'
      | 'editing.help.shown'
      | 'saving'
      | 'failed'
      | 'saved'
    >();
    expectTypeOf<LeafPath<Form>>().toEqualTypeOf<
      'editing.field.clean' | 'editing.field.dirty' | 'editing.help.hidden' | 'editing.help.shown' | 'saving' | 'failed' | 'saved'
    >();
    expectTypeOf<Parameters<NonNullable<EventTable<Form>['form.submit']>>[0]>().toEqualTypeOf<{ type: 'form.submit'; name: string }>();
  });
});

describe('walk tables: in a walk', () => {
  /** The walk of formMachine driven by tables over the actor itself (it has no view). */
  function setupWith(seen: (name: string, state: string) => void) {
    return ({ inspect }: WalkContext): Driver => {
      const fakes = createControllableActors(formMachine, ['save']);
      const timers = createControlledDelays(['settleDown']);
      timers.install();
      const actor = createActor(formMachine.provide({ actors: fakes.actors, delays: timers.delays }), { inspect }).start();
      const send = (event: AnyEventObject) => actor.send(event as Parameters<typeof actor.send>[0]);
      const settle = (event: AnyEventObject, step: StepInfo) => void fakes.settle(event, step);
      const isIn = (state: string) => () => seen('in', state);
      return {
        ...tableDriver(formMachine, {
          states: {
            editing: ({ snapshot }) => expect(snapshot.matches('editing')).toBe(true),
            'editing.field': inSubstates,
            'editing.field.clean': () => expect(timers.isPending('settleDown')).toBe(false),
            'editing.field.dirty': () => expect(timers.isPending('settleDown')).toBe(true),
            'editing.help': inSubstates,
            'editing.help.hidden': isIn('hidden'),
            'editing.help.shown': isIn('shown'),
            saving: () => expect(fakes.pending('save')).toHaveLength(1),
            failed: isIn('failed'),
            saved: ({ snapshot }) => expect(snapshot.status).toBe('done'),
          },
          events: {
            'form.submit': send,
            'form.edit': send,
            'help.toggle': send,
            'xstate.done.actor.save': settle,
            'xstate.error.actor.save': settle,
            [AFTER]: () => timers.fire('settleDown'),
          },
        }),
        teardown() {
          actor.stop();
          timers.uninstall();
        },
      };
    };
  }

  it('walks the machine at 100% of states and transitions', async () => {
    const paths = generateModelPaths(formMachine, {
      events: { 'xstate.done.actor.save': { type: 'xstate.done.actor.save', output: 'ok' } },
    });
    const recorder = createCoverageRecorder('form', formMachine);
    const states: string[] = [];
    for (const path of paths)
      await runModelPath(
        path,
        setupWith((_, state) => states.push(state)),
        recorder,
      );
    expect(recorder.report().states.missing).toEqual([]);
    expect(recorder.report().transitions.missing).toEqual([]);
    // 'failed' is transient (left at once by its eventless transition): no snapshot shows it.
    expect(new Set(states)).toEqual(new Set(['hidden', 'shown']));
  });

  it('fails the walk when an entry checks the wrong thing', async () => {
    // Shortest paths: the one through the delay never shows the help text.
    const [path] = generateModelPaths(formMachine, { cover: 'transitions' }).filter((p) => p.steps.some((s) => s.event.type === AFTER));
    if (!path) throw new Error('expected a path through the settleDown delay');
    const wrong = setupWith((_, state) => {
      if (state === 'shown') throw new Error('shown: the help text is missing');
    });
    const helpShown = generateModelPaths(formMachine).find((p) => p.steps.some((s) => s.event.type === 'help.toggle'));
    if (!helpShown) throw new Error('expected a path through help.toggle');
    await expect(runModelPath(path, wrong, createCoverageRecorder('form', formMachine))).resolves.toBeUndefined();
    await expect(runModelPath(helpShown, wrong, createCoverageRecorder('form', formMachine))).rejects.toThrow(
      'shown: the help text is missing',
    );
  });
});
