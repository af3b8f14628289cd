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
import { generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { inSubstates, tableDriver, type CheckContext } from '../support/model/tables';
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
  cover: 'pairs',
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

type Ctx = CheckContext<typeof activityMachine>;
/** The trail's request, settled by the walk (act() not returned: awaiting it would flush outside the act environment). */
const settleWith = (doubles: ReturnType<typeof createActivityDoubles>) => (event: AnyEventObject, info: StepInfo) => {
  act(() => {
    if (!doubles.api.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
  });
};

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
    const settle = settleWith(doubles);
    const notLoading = () => expect(doubles.api.pending('loadActivity')).toHaveLength(0);
    /** The entries of the page (kept by a failed load), with the range shown, or none. */
    const entriesShown = ({ context }: Ctx) => {
      if (context.entries.length === 0) return false;
      const list = screen.getByRole('list', { name: 'Activity' });
      expect(list).toHaveAttribute('aria-busy', 'false');
      expect(within(list).getAllByTestId('activity-entry')).toHaveLength(ENTRIES.length);
      expect(within(list).getAllByTestId('activity-entry')[0]).toHaveTextContent('Dana Whitfield changed the plan of Ben Ode');
      const from = (context.page - 1) * 25 + 1;
      expect(screen.getByText(`Showing ${from}–${from + ENTRIES.length - 1} of 60`)).toBeInTheDocument();
      return true;
    };
    return {
      ...tableDriver(activityMachine, {
        // The Activity tab of User Management, the filters as the view has them, the member's chip when one is picked.
        every: ({ context }) => {
          const sections = screen.getByRole('navigation', { name: 'User Management sections' });
          expect(within(sections).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
          expect(screen.getByRole('combobox', { name: 'Kind of change' })).toHaveValue(context.kind);
          expect(screen.getByRole('option', { name: kindLabel(context.kind), selected: true })).toBeInTheDocument();
          const chip = screen.queryByText(/^Member: /);
          if (context.memberId === null) expect(chip).not.toBeInTheDocument();
          else expect(chip).toHaveTextContent(`Member: ${context.memberName ?? context.memberId}`);
        },
        states: {
          // Nothing asked until the address is known; placeholders meanwhile.
          opening: () => {
            expect(doubles.api.pending('loadActivity')).toHaveLength(0);
            expect(screen.getByRole('list', { name: 'Activity' })).toHaveAttribute('aria-busy', 'true');
            expect(doubles.address.url()).toBe('/users/activity');
          },
          // From here on the address shows the view (the back-and-forth of the walk included).
          browsing: ({ context }) => expect(doubles.address.url()).toBe(`/users/activity${activityViewQuery(context)}`),
          'browsing.loading': ({ context }) => {
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
          },
          // Only an answer leads here: the page, or the empty trail saying why it is empty.
          'browsing.ready': (ctx) => {
            const { context, event } = ctx;
            notLoading();
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
            expect(event?.type).toBe('xstate.done.actor.loadActivity');
            if (entriesShown(ctx)) return;
            const filtered = context.kind !== 'all' || context.memberId !== null;
            expect(screen.getByRole('heading', { name: filtered ? 'No matching activity' : 'No activity yet' })).toBeInTheDocument();
            expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
          },
          // The failure, with Try again; a failed load keeps the entries shown before it.
          'browsing.failed': (ctx) => {
            notLoading();
            const alert = screen.getByRole('alert');
            expect(alert).toHaveTextContent('Error loading activity');
            expect(alert).toHaveTextContent(FAILURE);
            expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
            if (!entriesShown(ctx)) expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
          },
        },
        events: {
          'activity.urlChanged': (event) => {
            act(() => reportAddress?.(event));
          },
          'activity.filterKind': ({ kind }) => user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), kind),
          'activity.filterMember': async ({ name }) => {
            const list = screen.getByRole('list', { name: 'Activity' });
            await user.click(within(list).getAllByRole('button', { name: String(name) })[0] as HTMLElement);
          },
          'activity.clearMember': () => user.click(screen.getByRole('button', { name: /^Remove the member filter/ })),
          'activity.goToPage': ({ page }) => user.click(screen.getByRole('button', { name: page === 2 ? 'page 2' : 'previous page' })),
          // The screen has no refresh of its own (excluded from its paths; the card's walk below refreshes).
          'activity.refresh': () => {
            throw new Error('the Activity screen has no refresh: only the billing card refreshes its trail');
          },
          'activity.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          'xstate.done.actor.loadActivity': settle,
          'xstate.error.actor.loadActivity': settle,
        },
      }),
      teardown() {
        view.unmount();
        doubles.api.reset();
      },
    };
  },
});

/** The billing page's card: one member, five entries, no filters and no URL. */
const cardPaths = generateModelPaths(activityMachine, {
  cover: 'pairs',
  input: { memberId: BEN.memberId, limit: 5 },
  exclude: ['activity.urlChanged', 'activity.filterKind', 'activity.filterMember', 'activity.clearMember', 'activity.goToPage'],
  events: loaded,
});

/** The card has no filters, pages or address: those events are not in its paths, and performing one is a mistake of the walk. */
const notOnTheCard = (what: string) => () => {
  throw new Error(`the billing page's activity card has no ${what}`);
};

walkPaths({
  machineId: 'activity',
  machine: activityMachine,
  paths: cardPaths,
  setup: ({ inspect }) => {
    const doubles = createActivityDoubles(`/billing/user/${BEN.memberId}`);
    const user = userEvent.setup();
    const view = renderActivity(<MemberActivityCard userId={BEN.memberId} refreshKey={0} />, { doubles, inspect });
    const settle = settleWith(doubles);
    let refreshes = 0;
    /** The card, found once it is drawn (every state's check finds it first). */
    const card = () => within(screen.getByRole('region', { name: 'Recent activity' }));
    return {
      ...tableDriver(activityMachine, {
        // The card, its link to the whole trail of the member; the address is left alone (the card's trail is not the page's view).
        every: async () => {
          const region = await screen.findByRole('region', { name: 'Recent activity' });
          expect(within(region).getByRole('link', { name: 'See all activity' })).toHaveAttribute(
            'href',
            `/users/activity?member=${BEN.memberId}`,
          );
          expect(doubles.address.urls()).toEqual([`/billing/user/${BEN.memberId}`]);
          expect(within(region).queryByRole('combobox')).not.toBeInTheDocument();
        },
        states: {
          // The card's trail ignores the address: `opening` is left at once, never seen.
          opening: () => {
            throw new Error('the card waited for an address: its trail (one member) should ignore the URL');
          },
          browsing: inSubstates,
          'browsing.loading': ({ context }) => {
            expect(doubles.api.pending('loadActivity').map((call) => call.input)).toEqual([{ page: 1, limit: 5, memberId: BEN.memberId }]);
            // Placeholders at first; on a refresh, the entries shown stay (dimmed) until the new ones arrive.
            if (!context.hasLoaded || context.entries.length > 0) {
              const list = within(card().getByRole('list', { name: 'Recent activity' }));
              expect(card().getByRole('list', { name: 'Recent activity' })).toHaveAttribute('aria-busy', 'true');
              expect(list.queryAllByTestId('activity-entry')).toHaveLength(context.entries.length);
            }
          },
          // The failure, with the entries shown before it (a failed refresh keeps them), or none.
          'browsing.failed': ({ context }) => {
            expect(card().getByRole('alert')).toHaveTextContent(`Error loading activity${FAILURE}`);
            if (context.entries.length === 0) expect(card().queryByRole('list', { name: 'Recent activity' })).not.toBeInTheDocument();
            else
              expect(within(card().getByRole('list', { name: 'Recent activity' })).getAllByTestId('activity-entry')).toHaveLength(
                context.entries.length,
              );
          },
          'browsing.ready': ({ context }) => {
            expect(card().queryByRole('alert')).not.toBeInTheDocument();
            if (context.entries.length > 0) {
              const entries = within(card().getByRole('list', { name: 'Recent activity' })).getAllByTestId('activity-entry');
              expect(entries).toHaveLength(ENTRIES.length);
              // The card's names are text: it has no filter to set.
              expect(card().queryByRole('button', { name: BEN.name })).not.toBeInTheDocument();
            } else {
              expect(card().getByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
            }
          },
        },
        events: {
          'activity.urlChanged': notOnTheCard('address'),
          'activity.filterKind': notOnTheCard('kind filter'),
          'activity.filterMember': notOnTheCard('member filter'),
          'activity.clearMember': notOnTheCard('member filter'),
          'activity.goToPage': notOnTheCard('pages'),
          'activity.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          // The billing page has read the member's billing again: a new one for the card.
          'activity.refresh': () => {
            refreshes += 1;
            view.rerender(<MemberActivityCard userId={BEN.memberId} refreshKey={refreshes} />);
          },
          'xstate.done.actor.loadActivity': settle,
          'xstate.error.actor.loadActivity': settle,
        },
      }),
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
