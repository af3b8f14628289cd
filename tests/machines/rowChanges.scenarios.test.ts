// @vitest-environment node
/**
 * Named scenarios of the row changes (src/machines/rowChanges), on their own: which row actor each
 * toggle or Restore starts and with what, which rows wait meanwhile (`busy`), that a second change
 * of a row and kind in flight is ignored, and what the list hears. Actor level: the row actor is a
 * callback the scenario answers, and what the machine tells the list is recorded.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { User } from '../../src/contract/api';
import { rowChangesMachine, selectRowsBusy, selectRowsWanted, type RowActionResult } from '../../src/machines/rowChanges';
import { makeUser } from '../views/users/fixtures';
import { heldRowAction, type RowCall } from './usersList.harness';

const ANA = makeUser(0);
const BEN = makeUser(1);
const DELETED_BEN: User = { ...BEN, deletedAt: '2026-02-01T15:00:00.000Z' };

function start() {
  const rows: RowCall[] = [];
  const told: RowActionResult[] = [];
  const actor = createActor(
    rowChangesMachine.provide({
      actors: {
        runRowAction: heldRowAction(rows),
      },
      actions: { reportToList: (_: unknown, result: RowActionResult) => void told.push(result) },
    }),
  ).start();
  const busy = () => selectRowsBusy(actor.getSnapshot());
  const wanted = () => selectRowsWanted(actor.getSnapshot());
  return { actor, rows, told, busy, wanted };
}

describe('the row changes', () => {
  it('Restore runs once per member, with the member and true; the row waits until the answer, which the list hears', () => {
    const { actor, rows, told, busy } = start();
    actor.send({ type: 'users.restore', user: DELETED_BEN });
    actor.send({ type: 'users.restore', user: DELETED_BEN });
    expect(rows.map((r) => r.input)).toEqual([{ kind: 'restore', user: DELETED_BEN, value: true }]);
    expect(busy()).toEqual([`restore:${BEN.userId}`]);
    expect(actor.getSnapshot().children[`row-restore-${BEN.userId}`]).toBeDefined();
    const restored = { ...BEN, version: 2 };
    rows[0]?.answer({ type: 'row.succeeded', kind: 'restore', before: DELETED_BEN, user: restored });
    expect(busy()).toEqual([]);
    expect(rows[0]?.stopped).toBe(true);
    expect(told).toEqual([{ type: 'row.succeeded', kind: 'restore', before: DELETED_BEN, user: restored }]);
  });

  it('a status switch in flight ignores a second one of the same row; another row, or the licence of that row, goes at once', () => {
    const { actor, rows, busy, wanted } = start();
    actor.send({ type: 'users.setStatus', user: BEN, isActive: false });
    actor.send({ type: 'users.setStatus', user: BEN, isActive: true });
    actor.send({ type: 'users.setStatus', user: ANA, isActive: false });
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    expect(rows.map((r) => r.input)).toEqual([
      { kind: 'status', user: BEN, value: false },
      { kind: 'status', user: ANA, value: false },
      { kind: 'license', user: BEN, value: true },
    ]);
    expect(busy()).toEqual([`status:${BEN.userId}`, `status:${ANA.userId}`, `license:${BEN.userId}`]);
    // The first of each is what its row shows until the answer: the ignored second changes nothing.
    expect(wanted()).toEqual({ [`status:${BEN.userId}`]: false, [`status:${ANA.userId}`]: false, [`license:${BEN.userId}`]: true });
  });

  it('keeps the value each change asks for until its own answer, whichever way the answer goes', () => {
    const { actor, rows, wanted } = start();
    actor.send({ type: 'users.setLicense', user: ANA, hasLicense: true });
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: false });
    actor.send({ type: 'users.restore', user: DELETED_BEN });
    expect(wanted()).toEqual({ [`license:${ANA.userId}`]: true, [`license:${BEN.userId}`]: false, [`restore:${BEN.userId}`]: true });
    rows[1]?.answer({ type: 'row.succeeded', kind: 'license', before: BEN, user: { ...BEN, hasLicense: false, version: 2 } });
    expect(wanted()).toEqual({ [`license:${ANA.userId}`]: true, [`restore:${BEN.userId}`]: true });
    rows[0]?.answer({ type: 'row.failed', kind: 'license', userId: ANA.userId, error: new Error('Nope') });
    expect(wanted()).toEqual({ [`restore:${BEN.userId}`]: true });
    rows[2]?.answer({ type: 'row.conflicted', kind: 'restore', user: BEN, message: 'Ben is not deleted' });
    expect(wanted()).toEqual({});
    // A new change of a freed row asks afresh.
    actor.send({ type: 'users.setLicense', user: ANA, hasLicense: false });
    expect(wanted()).toEqual({ [`license:${ANA.userId}`]: false });
  });

  it('a failed or refused change frees its row only, and the list hears it as it came', () => {
    const { actor, rows, told, busy } = start();
    actor.send({ type: 'users.setStatus', user: BEN, isActive: false });
    actor.send({ type: 'users.restore', user: { ...ANA, deletedAt: '2026-02-01T15:00:00.000Z' } });
    const failed: RowActionResult = { type: 'row.failed', kind: 'status', userId: BEN.userId, error: new Error('Nope') };
    rows[0]?.answer(failed);
    expect(busy()).toEqual([`restore:${ANA.userId}`]);
    const refused: RowActionResult = { type: 'row.conflicted', kind: 'restore', user: ANA, message: 'Ana is not deleted' };
    rows[1]?.answer(refused);
    expect(busy()).toEqual([]);
    expect(told).toEqual([failed, refused]);
    actor.send({ type: 'users.restore', user: ANA });
    expect(rows).toHaveLength(3);
  });
});
