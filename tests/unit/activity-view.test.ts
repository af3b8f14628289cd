// @vitest-environment node
/** The Activity screen's view in the URL (src/machines/activity/view.ts): read quietly, written in one spelling. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_VIEW, activityViewQuery, parseActivityView } from '../../src/machines/activity/view';

describe('the Activity view in the URL', () => {
  it('reads a member, a kind and a page', () => {
    expect(parseActivityView('?member=u-ana&kind=member.edited&page=3')).toEqual({
      ...DEFAULT_ACTIVITY_VIEW,
      memberId: 'u-ana',
      kind: 'member.edited',
      page: 3,
    });
    expect(parseActivityView('')).toEqual(DEFAULT_ACTIVITY_VIEW);
  });

  it('falls back to the defaults for what makes no sense', () => {
    expect(parseActivityView('?member=&kind=member&page=0')).toEqual(DEFAULT_ACTIVITY_VIEW);
    expect(parseActivityView(`?member=${'x'.repeat(101)}&page=100001`)).toEqual(DEFAULT_ACTIVITY_VIEW);
    expect(parseActivityView('?member=a%00b&page=-2&kind=ALL')).toEqual(DEFAULT_ACTIVITY_VIEW);
    expect(parseActivityView('?page=1.5').page).toBe(1);
    expect(parseActivityView('?page=100000').page).toBe(100_000);
  });

  it('writes the view without its defaults, so the default view is the bare path', () => {
    expect(activityViewQuery(DEFAULT_ACTIVITY_VIEW)).toBe('');
    expect(activityViewQuery({ ...DEFAULT_ACTIVITY_VIEW, memberId: 'u 1&x', kind: 'subscription.canceled', page: 2 })).toBe(
      '?member=u+1%26x&kind=subscription.canceled&page=2',
    );
    const query = activityViewQuery({ ...DEFAULT_ACTIVITY_VIEW, memberId: 'u 1&x', kind: 'all', page: 1 });
    expect(parseActivityView(query)).toEqual({ ...DEFAULT_ACTIVITY_VIEW, memberId: 'u 1&x', kind: 'all', page: 1 });
  });

  it('reads and writes who made the changes and the date range, round trip', () => {
    const view = { memberId: 'u-ana', actorId: 'u-dana', kind: 'member.edited', from: '2026-01-05', to: '2026-01-31', page: 2 } as const;
    const query = activityViewQuery(view);
    expect(query).toBe('?member=u-ana&actor=u-dana&kind=member.edited&from=2026-01-05&to=2026-01-31&page=2');
    expect(parseActivityView(query)).toEqual(view);
    expect(parseActivityView('?from=2026-03-01')).toEqual({ ...DEFAULT_ACTIVITY_VIEW, from: '2026-03-01' });
  });

  it('drops dates that are not days, and the end of a range that runs backwards', () => {
    expect(parseActivityView('?from=2026-02-30&to=01/02/2026&actor=')).toEqual(DEFAULT_ACTIVITY_VIEW);
    expect(parseActivityView('?from=2026-1-5&to=2026-01-05T00:00')).toEqual(DEFAULT_ACTIVITY_VIEW);
    expect(parseActivityView('?from=2026-02-10&to=2026-02-01')).toEqual({ ...DEFAULT_ACTIVITY_VIEW, from: '2026-02-10' });
    expect(parseActivityView('?from=2026-02-10&to=2026-02-10')).toEqual({ ...DEFAULT_ACTIVITY_VIEW, from: '2026-02-10', to: '2026-02-10' });
  });
});
