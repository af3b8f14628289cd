/**
 * The activity trail's screens as the app renders them (Chakra, the machines context, a memory
 * router), with GET /api/audit a deferred double at the network boundary and the browser's address
 * bar an in-memory one under the real address service. Shared by the model walk of the activity
 * machine and the view tests of the Activity screen and the billing page's card.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AnyActorLogic, InspectionEvent } from 'xstate';
import type { AuditEntry, AuditKind, AuditListResponse, AuditValues } from '../../../src/contract/audit';
import { activityMachine } from '../../../src/machines/activity';
import { csvExportMachine } from '../../../src/machines/csvExport';
import { activityUrlImplementations } from '../../../src/machines/activity/implementations';
import { createAddressBar } from '../../../src/services/address';
import type { MachineSourceMap } from '../../../src/machines/registry';
import { MachinesProvider, type AppActors } from '../../../src/views/app/machinesContext';
import { getSystem } from '../../../src/views/theme/system';
import { createMemoryAddressHost } from '../../support/address';
import { createControllableActors } from '../../support/model';

const noAppActors = new Proxy({} as AppActors, {
  get(_target, key) {
    throw new Error(`The activity trail should not read app actor "${String(key)}"`);
  },
});

const person = (memberId: string, name: string) => ({ memberId, name, email: `${memberId}@example.com` });
export const DANA = person('u-dana', 'Dana Whitfield');
export const BEN = person('u-ben', 'Ben Ode');
export const ANA = person('u-ana', 'Ana Diaz');

/** `minutes` before the test file loaded, as the API writes it. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function makeEntry(
  n: number,
  kind: AuditKind,
  before: AuditValues | null,
  after: AuditValues | null,
  overrides: Partial<AuditEntry> = {},
): AuditEntry {
  return { id: `a-${n}`, kind, createdAt: minutesAgo(n * 7), actor: DANA, member: BEN, before, after, ...overrides };
}

/** Three entries, newest first: a plan change, a role edited, a licence granted (to Ana). */
export const ENTRIES: AuditEntry[] = [
  makeEntry(
    1,
    'subscription.plan_changed',
    { planType: 'lite', status: 'active', cancelAtPeriodEnd: false },
    {
      planType: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
    },
  ),
  makeEntry(2, 'member.edited', { role: 'Field Worker' }, { role: 'Supervisor' }),
  makeEntry(3, 'member.license', { hasLicense: false }, { hasLicense: true }, { member: ANA }),
];

export function answer(entries: AuditEntry[], { total = entries.length, page = 1, limit = 25 } = {}): AuditListResponse {
  return { entries, total, page, limit };
}

export function createActivityDoubles(url = '/users/activity') {
  return {
    address: createMemoryAddressHost(url),
    api: createControllableActors(activityMachine, ['loadActivity']),
    /** The export's link (POST /api/audit/export) and the links the browser was told to open. */
    exports: createControllableActors(csvExportMachine, ['prepareExport']),
    downloads: [] as string[],
  };
}
export type ActivityDoubles = ReturnType<typeof createActivityDoubles>;

/** The activity machine with the doubles: the real URL implementations on the in-memory address bar. */
export function activityLogic(doubles: ActivityDoubles, watchUrl?: AnyActorLogic) {
  const url = activityUrlImplementations(createAddressBar(doubles.address.host));
  return activityMachine.provide({
    actors: {
      ...url.actors,
      ...(watchUrl ? { watchUrl } : {}),
      ...doubles.api.actors,
      csvExport: csvExportMachine.provide({
        actors: doubles.exports.actors,
        actions: {
          openDownload: (_: unknown, params: { url: string }) => {
            doubles.downloads.push(params.url);
          },
        },
      }),
    },
    actions: url.actions,
  });
}

export function renderActivity(
  ui: ReactNode,
  options: {
    doubles: ActivityDoubles;
    watchUrl?: AnyActorLogic;
    inspect?: (event: InspectionEvent) => void;
    /** Other machines of the page, or another source of the activity machine (a loader, say). */
    machines?: MachineSourceMap;
  },
) {
  const location = memoryLocation({ path: options.doubles.address.url(), record: true });
  const machines: MachineSourceMap = { activity: activityLogic(options.doubles, options.watchUrl), ...options.machines };
  const tree = (content: ReactNode) => (
    <ChakraProvider value={getSystem()}>
      <MachinesProvider machines={machines} actors={noAppActors} {...(options.inspect ? { inspect: options.inspect } : {})}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {content}
        </Router>
      </MachinesProvider>
    </ChakraProvider>
  );
  const view = render(tree(ui));
  /** The same page with other props (the machines and the address stay). */
  const rerender = (next: ReactNode) => view.rerender(tree(next));
  return { ...view, rerender, location };
}
