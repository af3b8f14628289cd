// @vitest-environment node
/**
 * Named scenarios of the activity trail (issue 14): the Activity screen, whose view lives in the
 * URL, and a member's trail on their billing page, which does not. Actor level, no rendering:
 * GET /api/audit is a promise the scenario settles; the address bar is a stand-in that reports the
 * address the scenario names and keeps what the trail writes back.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { AuditEntry, AuditKind, AuditListResponse } from '../../src/contract/audit';
import {
  ACTIVITY_ERROR_TITLE,
  ACTIVITY_DATES_BACKWARDS,
  activityMachine,
  kindLabel,
  selectActorFilter,
  selectDateError,
  selectDates,
  selectEntries,
  selectError,
  selectIsEmpty,
  selectIsFiltered,
  selectIsFirstLoad,
  selectIsLoading,
  selectKind,
  selectLimit,
  selectMemberFilter,
  selectPage,
  selectTotal,
} from '../../src/machines/activity';
import { ANA, BEN, DANA, openTrail } from './activity.harness';
import { settle } from './pending-actor';

function entry(n: number, kind: AuditKind, member = BEN): AuditEntry {
  return { id: `a-${n}`, kind, createdAt: '2026-11-20T10:00:00.000Z', actor: DANA, member, before: null, after: null };
}
const ENTRIES = [entry(1, 'member.edited'), entry(2, 'member.license', ANA), entry(3, 'subscription.plan_changed')];
const answer = (entries: AuditEntry[], { total = entries.length, page = 1, limit = 25 } = {}): AuditListResponse => ({
  entries,
  total,
  page,
  limit,
});

describe('the Activity screen', () => {
  it('opens on the view the address names: the first request already asks for it, and the address is written back in its one spelling', async () => {
    const { load, writes, answerWith, snapshot } = openTrail('?page=2&kind=member.edited&member=u-ben&utm=mail');
    expect(load.calls.map((c) => c.input)).toEqual([{ page: 2, limit: 25, memberId: 'u-ben', kind: 'member.edited' }]);
    expect(writes).toEqual([{ query: '?member=u-ben&kind=member.edited&page=2', mode: 'replace' }]);
    expect(selectIsFirstLoad(snapshot())).toBe(true);
    expect(selectIsLoading(snapshot())).toBe(true);
    expect(selectIsEmpty(snapshot())).toBe(false);
    // Until the entries arrive the chip shows the member's id.
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-ben', label: 'u-ben' });

    await answerWith(answer(ENTRIES.slice(0, 1), { total: 26, page: 2 }));
    expect(selectIsFirstLoad(snapshot())).toBe(false);
    expect(selectIsLoading(snapshot())).toBe(false);
    expect(selectEntries(snapshot())).toEqual(ENTRIES.slice(0, 1));
    expect(selectTotal(snapshot())).toBe(26);
    expect(selectPage(snapshot())).toBe(2);
    expect(selectKind(snapshot())).toBe('member.edited');
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-ben', label: 'Ben Ode' });
    expect(selectIsFiltered(snapshot())).toBe(true);
    expect(selectIsEmpty(snapshot())).toBe(false);
  });

  it("a kind of change alone, or a member alone, is a filter: an empty answer says 'No matching activity'", async () => {
    const byKind = openTrail('?kind=member.deleted');
    await byKind.answerWith(answer([]));
    expect(selectIsFiltered(byKind.snapshot())).toBe(true);
    expect(selectIsEmpty(byKind.snapshot())).toBe(true);
    const byMember = openTrail('?member=u-ana');
    expect(selectIsFiltered(byMember.snapshot())).toBe(true);
    // The chip names the member from their own entry, not from the first one shown.
    await byMember.answerWith(answer(ENTRIES));
    expect(selectMemberFilter(byMember.snapshot())).toEqual({ memberId: 'u-ana', label: 'Ana Diaz' });
    // The screen hears the address through a child the inspector lists by name.
    expect(Object.keys(byMember.snapshot().children)).toContain('watchUrl');
  });

  it('the chip keeps the name that was clicked, across pages of that member, even when the entries do not show it', async () => {
    const { actor, historyMove, answerWith, snapshot } = openTrail('');
    await answerWith(answer(ENTRIES));
    actor.send({ type: 'activity.filterMember', memberId: 'u-zoe', name: 'Zoe Park' });
    await answerWith(answer([], { total: 0 }));
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-zoe', label: 'Zoe Park' });
    historyMove('?member=u-zoe&page=2');
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-zoe', label: 'Zoe Park' });
  });

  it('the bare address is every change of every member, page 1', async () => {
    const { load, writes, answerWith, snapshot } = openTrail('');
    expect(load.last().input).toEqual({ page: 1, limit: 25 });
    expect(writes).toEqual([{ query: '', mode: 'replace' }]);
    await answerWith(answer([]));
    expect(selectIsEmpty(snapshot())).toBe(true);
    expect(selectIsFiltered(snapshot())).toBe(false);
    expect(selectMemberFilter(snapshot())).toBeNull();
    expect(kindLabel(selectKind(snapshot()))).toBe('All changes');
  });

  it('choosing a kind of change, a member or a page loads it at once, from page 1 for a filter, each a new history entry; the earlier request is aborted', async () => {
    const { actor, load, writes, answerWith, snapshot } = openTrail('?page=3');
    await answerWith(answer(ENTRIES, { total: 80, page: 3 }));
    writes.length = 0;

    actor.send({ type: 'activity.filterKind', kind: 'member.license' });
    expect(load.last().input).toEqual({ page: 1, limit: 25, kind: 'member.license' });
    actor.send({ type: 'activity.filterMember', memberId: 'u-ana', name: 'Ana Diaz' });
    expect(load.calls.at(-2)?.signal.aborted).toBe(true);
    expect(load.last().input).toEqual({ page: 1, limit: 25, kind: 'member.license', memberId: 'u-ana' });
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-ana', label: 'Ana Diaz' });
    actor.send({ type: 'activity.goToPage', page: 2.7 });
    expect(load.last().input).toEqual({ page: 2, limit: 25, kind: 'member.license', memberId: 'u-ana' });
    actor.send({ type: 'activity.goToPage', page: -4 });
    expect(selectPage(snapshot())).toBe(1);
    actor.send({ type: 'activity.clearMember' });
    expect(load.last().input).toEqual({ page: 1, limit: 25, kind: 'member.license' });
    expect(selectMemberFilter(snapshot())).toBeNull();
    expect(writes).toEqual([
      { query: '?kind=member.license', mode: 'push' },
      { query: '?member=u-ana&kind=member.license', mode: 'push' },
      { query: '?member=u-ana&kind=member.license&page=2', mode: 'push' },
      { query: '?member=u-ana&kind=member.license', mode: 'push' },
      { query: '?kind=member.license', mode: 'push' },
    ]);
  });

  it('who made the change and a date range are filters too; a range that runs backwards is not applied and says why', async () => {
    const { actor, load, writes, answerWith, snapshot } = openTrail('?page=2');
    await answerWith(answer(ENTRIES, { total: 80, page: 2 }));
    writes.length = 0;

    actor.send({ type: 'activity.filterActor', memberId: 'u-dana', name: 'Dana Whitfield' });
    expect(load.last().input).toEqual({ page: 1, limit: 25, actorId: 'u-dana' });
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-dana', label: 'Dana Whitfield' });
    await answerWith(answer(ENTRIES));

    const loads = load.calls.length;
    actor.send({ type: 'activity.filterDates', from: '2026-11-20', to: '2026-11-19' });
    expect(load.calls).toHaveLength(loads);
    expect(selectDateError(snapshot())).toBe(ACTIVITY_DATES_BACKWARDS);
    expect(selectDates(snapshot())).toEqual({ from: '', to: '' });

    actor.send({ type: 'activity.filterDates', from: '2026-11-20', to: '2026-11-20' });
    expect(load.last().input).toEqual({ page: 1, limit: 25, actorId: 'u-dana', from: '2026-11-20', to: '2026-11-20' });
    expect(selectDateError(snapshot())).toBeNull();
    expect(selectDates(snapshot())).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(writes.map((w) => w?.mode)).toEqual(['push', 'push']);
  });

  it('Back or Forward shows the view of that address, and a member already on screen is named at once', async () => {
    const { load, writes, historyMove, answerWith, snapshot } = openTrail('');
    await answerWith(answer(ENTRIES));
    writes.length = 0;
    historyMove('?member=u-ana');
    expect(load.last().input).toEqual({ page: 1, limit: 25, memberId: 'u-ana' });
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-ana', label: 'Ana Diaz' });
    expect(writes).toEqual([{ query: '?member=u-ana', mode: 'replace' }]);
    await answerWith(answer([ENTRIES[1] as AuditEntry]));
    historyMove('?member=u-ana&page=2');
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-ana', label: 'Ana Diaz' });
    historyMove('?member=u-zoe');
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-zoe', label: 'u-zoe' });
  });

  it('a page past the end (entries removed, or a stale link) shows the last page instead, corrected in place', async () => {
    const { load, writes, answerWith, snapshot } = openTrail('?page=9');
    writes.length = 0;
    await answerWith(answer([], { total: 51, page: 9 }));
    expect(selectPage(snapshot())).toBe(3);
    expect(load.last().input).toEqual({ page: 3, limit: 25 });
    expect(writes).toEqual([{ query: '?page=3', mode: 'replace' }]);
    await answerWith(answer(ENTRIES.slice(0, 1), { total: 51, page: 3 }));
    expect(selectEntries(snapshot())).toHaveLength(1);
  });

  it('an empty first page is empty, not out of range; an empty trail is not a page to correct', async () => {
    const { load, answerWith, snapshot } = openTrail('?page=4');
    await answerWith(answer([], { total: 0, page: 4 }));
    expect(load.calls).toHaveLength(1);
    expect(selectIsEmpty(snapshot())).toBe(true);

    const other = openTrail('');
    await other.answerWith(answer([], { total: 10, page: 1 }));
    expect(other.load.calls).toHaveLength(1);
    expect(selectIsEmpty(other.snapshot())).toBe(true);
  });

  it(`a failed load shows '${ACTIVITY_ERROR_TITLE}' above the entries shown before, and 'Try again' loads again`, async () => {
    const { actor, load, answerWith, snapshot } = openTrail('');
    await answerWith(answer(ENTRIES));
    actor.send({ type: 'activity.goToPage', page: 2 });
    load.last().reject(new Error('HTTP 502: Bad Gateway'));
    await settle();
    expect(ACTIVITY_ERROR_TITLE).toBe('Error loading activity');
    expect(selectError(snapshot())).toBe('HTTP 502: Bad Gateway');
    expect(selectEntries(snapshot())).toEqual(ENTRIES);
    expect(selectIsFirstLoad(snapshot())).toBe(false);
    expect(selectIsEmpty(snapshot())).toBe(false);
    actor.send({ type: 'activity.retry' });
    expect(selectError(snapshot())).toBeNull();
    expect(load.last().input).toEqual({ page: 2, limit: 25 });
    await answerWith(answer(ENTRIES, { total: 30, page: 2 }));
    expect(selectError(snapshot())).toBeNull();
  });

  it("a first load that fails without a message says 'Could not load the activity', and shows no placeholders", async () => {
    const { load, snapshot } = openTrail('');
    load.last().reject(new Error(''));
    await settle();
    expect(selectError(snapshot())).toBe('Could not load the activity');
    expect(selectIsFirstLoad(snapshot())).toBe(false);
  });
});

describe('a trail without its implementations', () => {
  it('says which one is missing instead of loading nothing quietly', async () => {
    const actor = createActor(activityMachine, { input: { memberId: 'u-ana' } }).start();
    await settle();
    expect(selectError(actor.getSnapshot())).toBe('The "loadActivity" actor is not provided');
    const screen = createActor(activityMachine, { input: undefined });
    const errors: unknown[] = [];
    screen.subscribe({ error: (error) => void errors.push(error) });
    screen.start();
    expect(screen.getSnapshot().status).toBe('error');
    expect(errors.map((e) => (e as Error).message)).toEqual(['The "watchUrl" actor is not provided']);
    const watching = createActor(
      activityMachine.provide({
        actors: { watchUrl: fromCallback(({ sendBack }) => sendBack({ type: 'activity.urlChanged', query: '' })) },
      }),
      { input: undefined },
    );
    watching.subscribe({ error: (error) => void errors.push(error) });
    watching.start();
    expect(errors.map((e) => (e as Error).message).at(-1)).toBe('The "writeUrl" action is not provided');
  });
});

describe("a member's trail on their billing page", () => {
  it('starts at once for that member, five a page, and never reads or writes the address', async () => {
    const { load, writes, answerWith, snapshot, watching } = openTrail('?member=u-other&page=7', { memberId: 'u-ana', limit: 5 });
    expect(watching()).toBe(0);
    expect(load.calls.map((c) => c.input)).toEqual([{ page: 1, limit: 5, memberId: 'u-ana' }]);
    await answerWith(answer([ENTRIES[1] as AuditEntry], { total: 1, limit: 5 }));
    expect(selectLimit(snapshot())).toBe(5);
    expect(selectMemberFilter(snapshot())).toEqual({ memberId: 'u-ana', label: 'Ana Diaz' });
    expect(writes).toEqual([]);
  });

  it('reads the trail again when the page around it has changed the member', async () => {
    const { actor, load, writes, answerWith } = openTrail('', { memberId: 'u-ana', limit: 5 });
    await answerWith(answer([]));
    actor.send({ type: 'activity.refresh' });
    expect(load.calls).toHaveLength(2);
    expect(load.last().input).toEqual({ page: 1, limit: 5, memberId: 'u-ana' });
    actor.send({ type: 'activity.goToPage', page: 2 });
    expect(writes).toEqual([null]);
  });

  it('a page size outside 1 to 100 is brought within it; anything else is 25', () => {
    const limitFor = (limit: number | undefined) => {
      const { load } = openTrail('', { memberId: 'u-ana', ...(limit === undefined ? {} : { limit }) });
      return load.last().input.limit;
    };
    expect([limitFor(500), limitFor(0), limitFor(-3), limitFor(2.5), limitFor(undefined), limitFor(100), limitFor(1)]).toEqual([
      100, 1, 1, 25, 25, 100, 1,
    ]);
  });
});
