/**
 * Model-based walks of the activity machine through its two real views:
 * - the Activity screen (/users/activity), whose view lives in the URL: the walk reports the address
 *   (the watcher's stand-in), picks a kind, clicks a member's name, who made a change and the chips'
 *   ✕, types dates (a range that runs backwards included), clears the filters, pages, exports, and
 *   settles GET /api/audit and the export's link (deferred doubles) each way, checking what a person
 *   sees and the address. Export CSV is a region beside the trail: the walk starts an export from a
 *   shown page, then pages, or lets the page or the export settle first; the rest is walked with no
 *   export running, which keeps the walk's size in bounds;
 * - a member's billing card (the trail opened for one member, five entries), which never touches
 *   the URL.
 * The two walks' coverage is merged (one report for the machine); the second checks it is whole.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ACTIVITY_ERROR_TITLE, activityMachine, kindLabel, type ActivitySnapshot } from '../../src/machines/activity';
import { activityViewQuery } from '../../src/machines/activity/view';
import { MemberActivityCard } from '../../src/views/billing/MemberActivityCard';
import { ActivityScreen } from '../../src/views/users/ActivityScreen';
import { generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { inSubstates, tableDriver, type CheckContext } from '../support/model/tables';
import { BEN, ENTRIES, answer, createActivityDoubles, renderActivity } from '../views/users/render-activity';

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

const EXPORTED = { url: 'http://127.0.0.1:9/exports/activity/ticket-1', fileName: 'summit-activity-2026-01-05.csv' };
const EXPORT_ERROR = 'Network down';
const exporting = (s: AnyMachineSnapshot) => asTrail(s).matches({ export: 'preparing' });
const ready = (s: AnyMachineSnapshot) => asTrail(s).matches({ trail: { browsing: 'ready' } });

type EventSpec = AnyEventObject | readonly AnyEventObject[] | ((s: AnyMachineSnapshot) => AnyEventObject | readonly AnyEventObject[]);
/** What the walk does while an export is prepared (everything else is walked with none running). */
const WHILE_EXPORTING = new Set(['activity.goToPage', 'xstate.done.actor.loadActivity', 'xstate.done.actor.csvExport']);
function notWhileExporting(events: Record<string, EventSpec>): Record<string, EventSpec> {
  return Object.fromEntries(
    Object.entries(events).map(([type, spec]) => [
      type,
      WHILE_EXPORTING.has(type) ? spec : (s: AnyMachineSnapshot) => (exporting(s) ? [] : typeof spec === 'function' ? spec(s) : spec),
    ]),
  );
}

/** The dates the walk types: a From, then a To after it, or one before it (refused). */
const FROM = '2026-01-05';
const TO = '2026-01-31';
const TO_BEFORE_FROM = '2026-01-01';

const screenPaths = generateModelPaths(activityMachine, {
  cover: 'pairs',
  // The screen has no refresh of its own (the billing page's card has: walked below).
  exclude: ['activity.refresh'],
  events: notWhileExporting({
    ...loaded,
    'xstate.done.actor.loadActivity': (s) => [
      { type: 'xstate.done.actor.loadActivity', output: PAGE },
      ...when(!exporting(s), [
        { type: 'xstate.done.actor.loadActivity', output: EMPTY },
        { type: 'xstate.done.actor.loadActivity', output: PAST_THE_END },
      ]),
    ],
    // The address when the trail opens (the plain path), then Back to another view from anywhere.
    'activity.urlChanged': (s) => [{ type: 'activity.urlChanged', query: asTrail(s).matches({ trail: 'opening' }) ? '' : BACK_TO }],
    'activity.filterKind': (s) => [{ type: 'activity.filterKind', kind: asTrail(s).context.kind === 'all' ? 'member.edited' : 'all' }],
    'activity.filterMember': (s) => {
      const first = asTrail(s).context.entries[0];
      return when(first !== undefined, [{ type: 'activity.filterMember', memberId: first?.member.memberId, name: first?.member.name }]);
    },
    'activity.clearMember': (s) => when(asTrail(s).context.memberId !== null, [{ type: 'activity.clearMember' }]),
    'activity.filterActor': (s) => {
      const first = asTrail(s).context.entries[0];
      return when(first !== undefined && asTrail(s).context.actorId === null, [
        { type: 'activity.filterActor', memberId: first?.actor.memberId, name: first?.actor.name },
      ]);
    },
    'activity.clearActor': (s) => when(asTrail(s).context.actorId !== null, [{ type: 'activity.clearActor' }]),
    // One field at a time, as a person types: a From; then a To after it, or one before it (refused).
    'activity.filterDates': (s) => {
      const { from, to, dateError } = asTrail(s).context;
      if (from === null) return when(dateError === null, [{ type: 'activity.filterDates', from: FROM, to }]);
      return [
        ...when(dateError === null, [{ type: 'activity.filterDates', from, to: TO_BEFORE_FROM }]),
        ...when(to !== TO, [{ type: 'activity.filterDates', from, to: TO }]),
      ];
    },
    'activity.clearFilters': (s) => {
      const { context } = asTrail(s);
      const filtered =
        context.kind !== 'all' || context.memberId !== null || context.actorId !== null || context.from !== null || context.to !== null;
      return when(filtered, [{ type: 'activity.clearFilters' }]);
    },
    'activity.goToPage': (s) => {
      const { context } = asTrail(s);
      return when(context.entries.length > 0 && context.total > context.limit, [
        { type: 'activity.goToPage', page: context.page === 1 ? 2 : context.page - 1 },
      ]);
    },
    'activity.export': (s) => when(ready(s), [{ type: 'activity.export' }]),
    'xstate.done.actor.csvExport': [
      { type: 'xstate.done.actor.csvExport', output: { failure: null } },
      { type: 'xstate.done.actor.csvExport', output: { failure: `Export failed: ${EXPORT_ERROR}` } },
    ],
  }),
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
          const actorChip = screen.queryByText(/^Changed by: /);
          if (context.actorId === null) expect(actorChip).not.toBeInTheDocument();
          else expect(actorChip).toHaveTextContent(`Changed by: ${context.actorName ?? context.actorId}`);
          // The dates applied; a refused range stays in the fields as typed, with why beneath.
          expect(screen.getByLabelText('From')).toHaveValue(context.from ?? '');
          if (context.dateError === null) {
            expect(screen.getByLabelText('To')).toHaveValue(context.to ?? '');
            expect(screen.queryByText(/before the 'From' date/)).not.toBeInTheDocument();
          } else {
            expect(screen.getByLabelText('To')).toHaveValue(TO_BEFORE_FROM);
            expect(screen.getByText(context.dateError)).toHaveAttribute('role', 'alert');
          }
          const filtered =
            context.kind !== 'all' || context.memberId !== null || context.actorId !== null || context.from !== null || context.to !== null;
          if (filtered) expect(screen.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
          else expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
        },
        states: {
          // Nothing asked until the address is known; placeholders meanwhile.
          trail: inSubstates,
          'trail.opening': () => {
            expect(doubles.api.pending('loadActivity')).toHaveLength(0);
            expect(screen.getByRole('list', { name: 'Activity' })).toHaveAttribute('aria-busy', 'true');
            expect(doubles.address.url()).toBe('/users/activity');
          },
          // From here on the address shows the view (the back-and-forth of the walk included).
          'trail.browsing': ({ context }) => expect(doubles.address.url()).toBe(`/users/activity${activityViewQuery(context)}`),
          'trail.browsing.loading': ({ context }) => {
            expect(doubles.api.pending('loadActivity').map((call) => call.input)).toEqual([
              {
                page: context.page,
                limit: 25,
                ...(context.memberId !== null ? { memberId: context.memberId } : {}),
                ...(context.actorId !== null ? { actorId: context.actorId } : {}),
                ...(context.kind !== 'all' ? { kind: context.kind } : {}),
                ...(context.from !== null ? { from: context.from } : {}),
                ...(context.to !== null ? { to: context.to } : {}),
              },
            ]);
            expect(screen.queryByText(ACTIVITY_ERROR_TITLE)).not.toBeInTheDocument();
            // Placeholders at first, then the entries shown dimmed until the new ones arrive.
            if (!context.hasLoaded || context.entries.length > 0) {
              expect(screen.getByRole('list', { name: 'Activity' })).toHaveAttribute('aria-busy', 'true');
            } else {
              expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
            }
          },
          // Only an answer leads here: the page, or the empty trail saying why it is empty.
          'trail.browsing.ready': (ctx) => {
            const { context, event } = ctx;
            notLoading();
            expect(screen.queryByText(ACTIVITY_ERROR_TITLE)).not.toBeInTheDocument();
            // An answer, or what the trail keeps when it refuses a range or an export ends.
            expect(['xstate.done.actor.loadActivity', 'activity.filterDates', 'xstate.done.actor.csvExport', 'activity.export']).toContain(
              event?.type,
            );
            if (entriesShown(ctx)) return;
            const filtered =
              context.kind !== 'all' ||
              context.memberId !== null ||
              context.actorId !== null ||
              context.from !== null ||
              context.to !== null;
            expect(screen.getByRole('heading', { name: filtered ? 'No matching activity' : 'No activity yet' })).toBeInTheDocument();
            expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
          },
          // The failure, with Try again; a failed load keeps the entries shown before it.
          'trail.browsing.failed': (ctx) => {
            notLoading();
            const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes(ACTIVITY_ERROR_TITLE)) as HTMLElement;
            expect(alert).toHaveTextContent('Error loading activity');
            expect(alert).toHaveTextContent(FAILURE);
            expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
            if (!entriesShown(ctx)) expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
          },
          // Export CSV: busy while the link is prepared, the trail carrying on meanwhile; why it failed, if it did.
          export: inSubstates,
          'export.idle': async ({ context }) => {
            expect(doubles.exports.pending('prepareExport')).toHaveLength(0);
            await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
            if (context.exportError === null) expect(screen.queryByText(/^Export failed/)).not.toBeInTheDocument();
            else expect(screen.getByText(`Export failed: ${EXPORT_ERROR}`)).toBeInTheDocument();
            // Every link a finished export brought is opened, once.
            expect(doubles.downloads.every((url) => url === EXPORTED.url)).toBe(true);
          },
          'export.preparing': async ({ context }) => {
            expect(doubles.exports.pending('prepareExport').map((call) => call.input)).toEqual([
              expect.objectContaining({
                ...(context.memberId !== null ? { memberId: context.memberId } : {}),
                ...(context.kind !== 'all' ? { kind: context.kind } : {}),
              }),
            ]);
            await waitFor(() => expect(screen.getByRole('button', { name: /Preparing export/ })).toBeDisabled());
            expect(screen.queryByText(/^Export failed/)).not.toBeInTheDocument();
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
          'activity.filterActor': async ({ name }) => {
            const list = screen.getByRole('list', { name: 'Activity' });
            await user.click(within(list).getAllByRole('button', { name: String(name) })[0] as HTMLElement);
          },
          'activity.clearActor': () => user.click(screen.getByRole('button', { name: /^Remove the changed-by filter/ })),
          // A date field changed (a date picker's change, which jsdom cannot open).
          'activity.filterDates': ({ from, to }) => {
            if (to === TO || to === TO_BEFORE_FROM) fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
            else fireEvent.change(screen.getByLabelText('From'), { target: { value: from ?? '' } });
          },
          'activity.clearFilters': () => user.click(screen.getByRole('button', { name: 'Clear filters' })),
          'activity.export': () => user.click(screen.getByRole('button', { name: 'Export CSV' })),
          'xstate.done.actor.csvExport': ({ output }) => {
            if (output.failure !== null) act(() => doubles.exports.reject('prepareExport', new Error(EXPORT_ERROR)));
            else act(() => doubles.exports.resolve('prepareExport', EXPORTED));
          },
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
  exclude: [
    'activity.urlChanged',
    'activity.filterKind',
    'activity.filterMember',
    'activity.clearMember',
    'activity.filterActor',
    'activity.clearActor',
    'activity.filterDates',
    'activity.clearFilters',
    'activity.goToPage',
    'activity.export',
  ],
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
          trail: inSubstates,
          'trail.opening': () => {
            throw new Error('the card waited for an address: its trail (one member) should ignore the URL');
          },
          'trail.browsing': inSubstates,
          'trail.browsing.loading': ({ context }) => {
            expect(doubles.api.pending('loadActivity').map((call) => call.input)).toEqual([{ page: 1, limit: 5, memberId: BEN.memberId }]);
            // Placeholders at first; on a refresh, the entries shown stay (dimmed) until the new ones arrive.
            if (!context.hasLoaded || context.entries.length > 0) {
              const list = within(card().getByRole('list', { name: 'Recent activity' }));
              expect(card().getByRole('list', { name: 'Recent activity' })).toHaveAttribute('aria-busy', 'true');
              expect(list.queryAllByTestId('activity-entry')).toHaveLength(context.entries.length);
            }
          },
          // The failure, with the entries shown before it (a failed refresh keeps them), or none.
          'trail.browsing.failed': ({ context }) => {
            expect(card().getByRole('alert')).toHaveTextContent(`Error loading activity${FAILURE}`);
            if (context.entries.length === 0) expect(card().queryByRole('list', { name: 'Recent activity' })).not.toBeInTheDocument();
            else
              expect(within(card().getByRole('list', { name: 'Recent activity' })).getAllByTestId('activity-entry')).toHaveLength(
                context.entries.length,
              );
          },
          'trail.browsing.ready': ({ context }) => {
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
          // The card has no export: its region stays idle.
          export: inSubstates,
          'export.idle': () => expect(card().queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument(),
          'export.preparing': () => {
            throw new Error("the billing page's card has no export");
          },
        },
        events: {
          'activity.urlChanged': notOnTheCard('address'),
          'activity.filterKind': notOnTheCard('kind filter'),
          'activity.filterMember': notOnTheCard('member filter'),
          'activity.clearMember': notOnTheCard('member filter'),
          'activity.goToPage': notOnTheCard('pages'),
          'activity.filterActor': notOnTheCard('changed-by filter'),
          'activity.clearActor': notOnTheCard('changed-by filter'),
          'activity.filterDates': notOnTheCard('dates'),
          'activity.clearFilters': notOnTheCard('filters'),
          'activity.export': notOnTheCard('export'),
          'xstate.done.actor.csvExport': notOnTheCard('export'),
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
