// @vitest-environment node
/**
 * Named scenarios of the activity trail's filters and its Export CSV: who made the change as the
 * chip names them (clicked, on screen, or after Back and Forward), which filters an empty answer
 * names, and an export that runs beside the trail, with the filters of the moment of the click.
 * Actor level, no rendering: GET /api/audit and the export's request are promises the scenario
 * settles; the address bar is a stand-in that reports the address the scenario names.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditListResponse } from '../../src/contract/audit';
import { selectActorFilter, selectExportError, selectFilteredBy, selectIsExporting, selectIsFiltered } from '../../src/machines/activity';
import { ANA, BEN, DANA, openTrail } from './activity.harness';
import { settle } from './pending-actor';

function entry(n: number, actor: AuditEntry['actor'], member = ANA): AuditEntry {
  return { id: `a-${n}`, kind: 'member.edited', createdAt: '2026-11-20T10:00:00.000Z', actor, member, before: null, after: null };
}
/** Ben made the newest change, Dana the one before. */
const ENTRIES = [entry(1, BEN), entry(2, DANA)];
const answer = (entries: AuditEntry[], total = entries.length, page = 1): AuditListResponse => ({ entries, total, page, limit: 25 });

describe('who made the change, on the chip', () => {
  it('a link to one person names them from their own entry once the page arrives, not from the first entry shown', async () => {
    const { answerWith, snapshot } = openTrail('?actor=u-dana');
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-dana', label: 'u-dana' });
    await answerWith(answer(ENTRIES));
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-dana', label: 'Dana Whitfield' });
  });

  it('a person with no entry on the page stays named by their id', async () => {
    const { answerWith, snapshot } = openTrail('?actor=u-zoe');
    await answerWith(answer(ENTRIES));
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-zoe', label: 'u-zoe' });
  });

  it('Back to a person already on screen names them at once, from their own entry', async () => {
    const { historyMove, answerWith, snapshot } = openTrail('');
    await answerWith(answer(ENTRIES));
    expect(selectActorFilter(snapshot())).toBeNull();
    historyMove('?actor=u-dana');
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-dana', label: 'Dana Whitfield' });
  });

  it('the name that was clicked stays across pages of that person, even when no entry shows it', async () => {
    const { actor, historyMove, answerWith, snapshot } = openTrail('');
    await answerWith(answer(ENTRIES));
    actor.send({ type: 'activity.filterActor', memberId: 'u-zoe', name: 'Zoe Park' });
    await answerWith(answer([], 0));
    historyMove('?actor=u-zoe&page=2');
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-zoe', label: 'Zoe Park' });
  });

  it('Back to another person does not give them the name of the one clicked before', async () => {
    const { actor, historyMove, answerWith, snapshot } = openTrail('');
    await answerWith(answer(ENTRIES));
    actor.send({ type: 'activity.filterActor', memberId: 'u-zoe', name: 'Zoe Park' });
    await answerWith(answer([], 0));
    historyMove('?actor=u-dana');
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-dana', label: 'u-dana' });
    await answerWith(answer(ENTRIES));
    expect(selectActorFilter(snapshot())).toEqual({ memberId: 'u-dana', label: 'Dana Whitfield' });
  });

  it('clearing who made the change, or every filter, is a new history entry', async () => {
    const { actor, writes, answerWith } = openTrail('?actor=u-dana&kind=member.edited');
    await answerWith(answer(ENTRIES));
    writes.length = 0;
    actor.send({ type: 'activity.clearActor' });
    actor.send({ type: 'activity.clearFilters' });
    expect(writes).toEqual([
      { query: '?kind=member.edited', mode: 'push' },
      { query: '', mode: 'push' },
    ]);
  });
});

describe('which filters an empty answer names', () => {
  const filteredBy = (query: string) => {
    const { snapshot } = openTrail(query);
    return [selectFilteredBy(snapshot()), selectIsFiltered(snapshot())];
  };

  it('none, a kind, a member, or both', () => {
    expect(filteredBy('')).toEqual([null, false]);
    expect(filteredBy('?kind=member.edited')).toEqual(['kind', true]);
    expect(filteredBy('?member=u-ana')).toEqual(['member', true]);
    expect(filteredBy('?member=u-ana&kind=member.edited')).toEqual(['both', true]);
  });

  it('who made the change, a start date or an end date, alone or with others, is several', () => {
    expect(filteredBy('?actor=u-dana')).toEqual(['several', true]);
    expect(filteredBy('?from=2026-01-05')).toEqual(['several', true]);
    expect(filteredBy('?to=2026-01-31')).toEqual(['several', true]);
    expect(filteredBy('?member=u-ana&kind=member.edited&to=2026-01-31')).toEqual(['several', true]);
  });
});

describe('Export CSV', () => {
  it('exports what the filters select at the click, opens the link, and the trail goes on meanwhile', async () => {
    const { actor, load, exports, downloads, answerWith, snapshot } = openTrail('?actor=u-dana&kind=member.edited&from=2026-01-05&page=2');
    await answerWith(answer(ENTRIES, 30, 2));
    expect(selectIsExporting(snapshot())).toBe(false);

    actor.send({ type: 'activity.export' });
    expect(selectIsExporting(snapshot())).toBe(true);
    expect(exports.calls.map((c) => c.input)).toEqual([{ actorId: 'u-dana', kind: 'member.edited', from: '2026-01-05' }]);

    // Paging meanwhile neither waits for the export nor stops it.
    actor.send({ type: 'activity.goToPage', page: 1 });
    expect(load.last().input).toEqual({ page: 1, limit: 25, actorId: 'u-dana', kind: 'member.edited', from: '2026-01-05' });
    expect(exports.last().signal.aborted).toBe(false);

    exports.last().resolve({ url: '/exports/activity/ticket-1', fileName: 'activity.csv' });
    await settle();
    expect(downloads).toEqual(['/exports/activity/ticket-1']);
    expect(selectIsExporting(snapshot())).toBe(false);
    expect(selectExportError(snapshot())).toBeNull();
  });

  it('a failed export says why, and the next try clears it while it runs', async () => {
    const { actor, exports, downloads, snapshot } = openTrail('', { memberId: 'u-ana', limit: 5 });
    actor.send({ type: 'activity.export' });
    expect(exports.last().input).toEqual({ memberId: 'u-ana' });
    exports.last().reject(new Error('HTTP 503: Service Unavailable'));
    await settle();
    expect(selectIsExporting(snapshot())).toBe(false);
    expect(selectExportError(snapshot())).toBe('Export failed: HTTP 503: Service Unavailable');
    expect(downloads).toEqual([]);

    actor.send({ type: 'activity.export' });
    expect(selectIsExporting(snapshot())).toBe(true);
    expect(selectExportError(snapshot())).toBeNull();
    exports.last().resolve({ url: '/exports/activity/ticket-2', fileName: 'activity.csv' });
    await settle();
    expect(selectExportError(snapshot())).toBeNull();
    expect(downloads).toEqual(['/exports/activity/ticket-2']);
  });
});
