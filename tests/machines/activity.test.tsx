/**
 * Model-based walks of the activity machine through its two real views:
 * - the Activity screen (/users/activity), whose view lives in the URL: the walk reports the address
 *   (the watcher's stand-in), picks a kind, clicks a member's name and the chip's ✕, pages, and
 *   settles GET /api/audit (a deferred double) each way, checking what a person sees and the address;
 * - a member's billing card (the trail opened for one member, five entries), which never touches
 *   the URL.
 * The two walks' coverage is merged (one report for the machine); the second checks it is whole.
 */
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { activityMachine, kindLabel, type ActivitySnapshot } from '../../src/machines/activity';
import { activityViewQuery } from '../../src/machines/activity/view';
import { MemberActivityCard } from '../../src/views/billing/MemberActivityCard';
import { ActivityScreen } from '../../src/views/users/ActivityScreen';
import { generateModelPaths, walkPaths } from '../support/model';
import { BEN, ENTRIES, answer, createActivityDoubles, renderActivity } from '../views/users/render-activity';

configure({ asyncUtilTimeout: 5000 });

const asTrail = (s: AnyMachineSnapshot) => s as unknown as ActivitySnapshot;
const when = <T,>(ok: boolean, events: T[]): T[] => (ok ? events : []);

/** A page of a long trail (60 entries), one with none, and an empty page past the end of a short one. */
const PAGE = answer(ENTRIES, { total: 60 });
const EMPTY = answer([]);
const PAST_THE_END = answer([], { total: 3, page: 2 });
const FAILURE = 'HTTP 500: Internal Server Error';
/** Back or Forward to another view of the trail. */
const BACK_TO = `?member=${BEN.memberId}&kind=member.license`;

const loaded = {
  'xstate.done.actor.loadActivity': [
    { type: 'xstate.done.actor.loadActivity', output: PAGE },
    { type: 'xstate.done.actor.loadActivity', output: EMPTY },
  ],
  'xstate.error.actor.loadActivity': { type: 'xstate.error.actor.loadActivity', error: new Error(FAILURE) },
};

const screenPaths = generateModelPaths(activityMachine, {
  // The screen has no refresh of its own (the billing page's card has: walked below).
  exclude: ['activity.refresh'],
  events: {
    ...loaded,
    'xstate.done.actor.loadActivity': [
      ...loaded['xstate.done.actor.loadActivity'],
      { type: 'xstate.done.actor.loadActivity', output: PAST_THE_END },
    ],
    // The address when the trail opens (the plain path), then Back to another view from anywhere.
    'activity.urlChanged': (s) => [{ type: 'activity.urlChanged', query: asTrail(s).matches('opening') ? '' : BACK_TO }],
    'activity.filterKind': (s) => [{ type: 'activity.filterKind', kind: asTrail(s).context.kind === 'all' ? 'member.edited' : 'all' }],
    'activity.filterMember': (s) => {
      const first = asTrail(s).context.entries[0];
      return when(first !== undefined, [{ type: 'activity.filterMember', memberId: first?.member.memberId, name: first?.member.name }]);
    },
    'activity.clearMember': (s) => when(asTrail(s).context.memberId !== null, [{ type: 'activity.clearMember' }]),
    'activity.goToPage': (s) => {
      const { context } = asTrail(s);
      return when(context.entries.length > 0 && context.total > context.limit, [
        { type: 'activity.goToPage', page: context.page === 1 ? 2 : context.page - 1 },
      ]);
    },
  },
});

walkPaths({
  machineId: 'activity',
  machine: activityMachine,
  paths: screenPaths,
  timeout: 15_000,
  setup: ({ inspect }) => {
    const doubles = createActivityDoubles();
    const user = userEvent.setup();
    // The address watcher reports when the walk says so (the real one reports the address at once).
    let reportAddress: ((event: AnyEventObject) => void) | undefined;
    const watchUrl = fromCallback(({ sendBack }) => {
      reportAddress = sendBack;
    });
    const view = renderActivity(<ActivityScreen />, { doubles, watchUrl, inspect });
    let lastEvent: AnyEventObject | undefined;
    return {
      async perform(event, info) {
        lastEvent = event;
        switch (event.type) {
          case 'activity.urlChanged':
            act(() => reportAddress?.(event));
            return;
          case 'activity.filterKind':
            await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), String(event.kind));
            return;
          case 'activity.filterMember': {
            const list = screen.getByRole('list', { name: 'Activity' });
            await user.click(within(list).getAllByRole('button', { name: String(event.name) })[0] as HTMLElement);
            return;
          }
          case 'activity.clearMember':
            await user.click(screen.getByRole('button', { name: /^Remove the member filter/ }));
            return;
          case 'activity.goToPage':
            await user.click(screen.getByRole('button', { name: event.page === 2 ? 'page 2' : 'previous page' }));
            return;
          case 'activity.retry':
            await user.click(screen.getByRole('button', { name: 'Try again' }));
            return;
          default:
            act(() => {
              if (!doubles.api.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
            });
        }
      },
      async assert(_state, snapshot) {
        const trail = asTrail(snapshot);
        const { context } = trail;
        const sections = screen.getByRole('navigation', { name: 'User Management sections' });
        expect(within(sections).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
        expect(screen.getByRole('combobox', { name: 'Kind of change' })).toHaveValue(context.kind);
        expect(screen.getByRole('option', { name: kindLabel(context.kind), selected: true })).toBeInTheDocument();
        const chip = screen.queryByText(/^Member: /);
        if (context.memberId === null) expect(chip).not.toBeInTheDocument();
        else expect(chip).toHaveTextContent(`Member: ${context.memberName ?? context.memberId}`);

        if (trail.matches('opening')) {
          // Nothing asked until the address is known; placeholders meanwhile.
          expect(doubles.api.pending('loadActivity')).toHaveLength(0);
          expect(screen.getByRole('list', { name: 'Activity' })).toHaveAttribute('aria-busy', 'true');
          expect(doubles.address.url()).toBe('/users/activity');
          return;
        }
        // From here on the address shows the view (the back-and-forth of the walk included).
        expect(doubles.address.url()).toBe(`/users/activity${activityViewQuery(context)}`);
        if (trail.matches({ browsing: 'loading' })) {
          expect(doubles.api.pending('loadActivity').map((call) => call.input)).toEqual([
            {
              page: context.page,
              limit: 25,
              ...(context.memberId !== null ? { memberId: context.memberId } : {}),
              ...(context.kind !== 'all' ? { kind: context.kind } : {}),
            },
          ]);
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          // Placeholders at first, then the entries shown dimmed until the new ones arrive.
          if (!context.hasLoaded || context.entries.length > 0) {
            expect(screen.getByRole('list', { name: 'Activity' })).toHaveAttribute('aria-busy', 'true');
          } else {
            expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
          }
          return;
        }
        expect(doubles.api.pending('loadActivity')).toHaveLength(0);
        if (trail.matches({ browsing: 'failed' })) {
          const alert = screen.getByRole('alert');
          expect(alert).toHaveTextContent('Error loading activity');
          expect(alert).toHaveTextContent(FAILURE);
          expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
        } else {
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          expect(lastEvent?.type).toBe('xstate.done.actor.loadActivity');
        }
        // A failed load keeps the entries shown before it.
        if (context.entries.length > 0) {
          const list = screen.getByRole('list', { name: 'Activity' });
          expect(list).toHaveAttribute('aria-busy', 'false');
          expect(within(list).getAllByTestId('activity-entry')).toHaveLength(ENTRIES.length);
          expect(within(list).getAllByTestId('activity-entry')[0]).toHaveTextContent('Dana Whitfield changed the plan of Ben Ode');
          const from = (context.page - 1) * 25 + 1;
          expect(screen.getByText(`Showing ${from}–${from + ENTRIES.length - 1} of 60`)).toBeInTheDocument();
        } else if (trail.matches({ browsing: 'ready' })) {
          const filtered = context.kind !== 'all' || context.memberId !== null;
          expect(screen.getByRole('heading', { name: filtered ? 'No matching activity' : 'No activity yet' })).toBeInTheDocument();
          expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
        } else {
          expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
        }
      },
      teardown() {
        view.unmount();
        doubles.api.reset();
      },
    };
  },
});

/** The billing page's card: one member, five entries, no filters and no URL. */
const cardPaths = generateModelPaths(activityMachine, {
  input: { memberId: BEN.memberId, limit: 5 },
  exclude: ['activity.urlChanged', 'activity.filterKind', 'activity.filterMember', 'activity.clearMember', 'activity.goToPage'],
  events: loaded,
});

walkPaths({
  machineId: 'activity',
  machine: activityMachine,
  paths: cardPaths,
  setup: ({ inspect }) => {
    const doubles = createActivityDoubles(`/billing/user/${BEN.memberId}`);
    const user = userEvent.setup();
    const view = renderActivity(<MemberActivityCard userId={BEN.memberId} refreshKey={0} />, { doubles, inspect });
    let refreshes = 0;
    return {
      async perform(event, info) {
        if (event.type === 'activity.retry') {
          await user.click(screen.getByRole('button', { name: 'Try again' }));
          return;
        }
        if (event.type === 'activity.refresh') {
          // The billing page has read the member's billing again: a new one for the card.
          refreshes += 1;
          view.rerender(<MemberActivityCard userId={BEN.memberId} refreshKey={refreshes} />);
          return;
        }
        act(() => {
          if (!doubles.api.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },
      async assert(_state, snapshot) {
        const trail = asTrail(snapshot);
        const card = await screen.findByRole('region', { name: 'Recent activity' });
        expect(within(card).getByRole('link', { name: 'See all activity' })).toHaveAttribute(
          'href',
          `/users/activity?member=${BEN.memberId}`,
        );
        // The card's trail is not the page's view: the address is left alone.
        expect(doubles.address.urls()).toEqual([`/billing/user/${BEN.memberId}`]);
        expect(within(card).queryByRole('combobox')).not.toBeInTheDocument();
        if (trail.matches({ browsing: 'loading' })) {
          expect(doubles.api.pending('loadActivity').map((call) => call.input)).toEqual([{ page: 1, limit: 5, memberId: BEN.memberId }]);
          // Placeholders at first; on a refresh, the entries shown stay (dimmed) until the new ones arrive.
          if (!trail.context.hasLoaded || trail.context.entries.length > 0) {
            const list = within(card).getByRole('list', { name: 'Recent activity' });
            expect(list).toHaveAttribute('aria-busy', 'true');
            expect(within(list).queryAllByTestId('activity-entry')).toHaveLength(trail.context.entries.length);
          }
          return;
        }
        if (trail.matches({ browsing: 'failed' })) {
          expect(within(card).getByRole('alert')).toHaveTextContent(`Error loading activity${FAILURE}`);
          expect(within(card).queryByRole('list')).not.toBeInTheDocument();
          return;
        }
        expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
        if (trail.context.entries.length > 0) {
          const entries = within(within(card).getByRole('list', { name: 'Recent activity' })).getAllByTestId('activity-entry');
          expect(entries).toHaveLength(ENTRIES.length);
          // The card's names are text: it has no filter to set.
          expect(within(card).queryByRole('button', { name: BEN.name })).not.toBeInTheDocument();
        } else {
          expect(within(card).getByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
        }
      },
      teardown() {
        view.unmount();
        doubles.api.reset();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
