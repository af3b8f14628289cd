/**
 * The machine registry (src/machines/registry.ts): every machine with its real implementations,
 * built from the services by the composition root; screen machines arrive as loaders of their own
 * chunk. And what a machine does without its implementations (src/machines/shared.ts): it names
 * the missing one instead of doing something silently.
 *
 * The services are real (API client, identity service, payments) over the boundaries we don't own:
 * `fetch`, the Cognito gateway and Stripe.js.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import type { Services } from '../../src/services';
import { createIdentityServiceWith } from '../../src/services/identity';
import { createPayments } from '../../src/services/payments';
import { createMachineRegistry, type MachineLoader } from '../../src/machines/registry';
import { placeholderAction, placeholderActor, placeholderCallback } from '../../src/machines/shared';
import { dashboardMachine } from '../../src/machines/dashboard';
// Every screen machine's module is loaded here, before any test, as the other test files load
// them: the registry's own `import()` then finds them loaded. (Were a machine first evaluated inside
// a test of this file, Stryker's per-test coverage would count its whole definition as covered by
// that one test alone, and never rerun the scenarios that check it.)
import '../../src/machines/usersList';
import '../../src/machines/userBilling';
import '../../src/machines/billingOverview';
import '../../src/machines/activity';
import '../../src/machines/chat';
import '../../src/machines/twoFactor';
import { apiOverFetch, jsonResponse } from '../support/api';
import { fakeGateway, tokens } from '../unit/identity/fake-gateway';
import { OVERVIEW } from '../views/billing/fixtures';
import { waitFor } from '../support/snapshots';

const STATS = { total: 42, active: 30, pending: 12, licensed: 25 };

function services() {
  const asked: string[] = [];
  // `fetch` is the network, a boundary we don't own.
  const api = apiOverFetch((input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    asked.push(`${request.method} ${path}`);
    if (path === '/api/users/stats') return jsonResponse(200, STATS);
    if (path === '/api/admin/billing/overview') return jsonResponse(200, OVERVIEW);
    if (path === '/api/copilot/ask') return jsonResponse(200, { result: 'Three users are active.' });
    return jsonResponse(404, { message: 'Not found' });
  });
  // The Cognito gateway (over the Cognito SDK) is a boundary we don't own.
  const fake = fakeGateway();
  fake.store('ada@example.com', tokens(1_000_000));
  const identity = createIdentityServiceWith(fake.gateway, { now: () => 1_000_000 });
  // Stripe.js is a boundary we don't own; it is never loaded here.
  const payments = createPayments({ stripePublishableKey: 'pk_test_123', trustedOrigins: [] }, { loadStripe: () => Promise.resolve(null) });
  return {
    services: { api, identity, payments } as Pick<Services, 'api' | 'identity' | 'payments'> as Services,
    asked,
    gateway: fake.gateway,
  };
}

describe('the machine registry', () => {
  it('loads each screen machine once: every call gives the same machine', async () => {
    const registry = createMachineRegistry(services().services);
    const first = registry.dashboard();
    expect(registry.dashboard()).toBe(first);
    expect(await first).toBe(await registry.dashboard());
  });

  it('a machine that failed to load is loaded again on the next call, not remembered as failed', async () => {
    // A chunk that does not arrive (the network, a boundary we don't own) is stood for by the
    // services failing once while the activity machine's implementations are built from them.
    const base = services().services;
    let failures = 1;
    const flaky = Object.create(base, {
      address: {
        get() {
          if (failures > 0) {
            failures -= 1;
            throw new Error('Failed to fetch dynamically imported module');
          }
          return base.address;
        },
      },
    }) as Services;
    const registry = createMachineRegistry(flaky);
    await expect(registry.activity()).rejects.toThrow('Failed to fetch dynamically imported module');
    const machine = await registry.activity();
    expect(machine.id).toBe('activity');
    expect(await registry.activity()).toBe(machine);
  });

  it('gives every key the machine of that name', async () => {
    const registry = createMachineRegistry(services().services);
    const ids: Record<string, string> = {};
    for (const [key, source] of Object.entries(registry)) {
      const logic = typeof source === 'function' ? await (source as MachineLoader<AnyActorLogic>)() : source;
      ids[key] = (logic as { id: string }).id;
    }
    expect(ids).toEqual({
      dashboard: 'dashboard',
      usersList: 'usersList',
      userBilling: 'userBilling',
      billingOverview: 'billingOverview',
      activity: 'activity',
      auth: 'auth',
      chat: 'chat',
      twoFactor: 'twoFactor',
    });
  });

  it('the dashboard it gives reads the stats and the overview through the API client', async () => {
    const { services: s, asked } = services();
    const actor = createActor(await createMachineRegistry(s).dashboard()).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(asked.sort()).toEqual(['GET /api/admin/billing/overview', 'GET /api/users/stats']);
  });

  it('the billing overview it gives reads the overview through the API client', async () => {
    const { services: s, asked } = services();
    const actor = createActor(await createMachineRegistry(s).billingOverview()).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(asked).toEqual(['GET /api/admin/billing/overview']);
  });

  it('the Assistant it gives asks the API', async () => {
    const { services: s, asked } = services();
    const actor = createActor(await createMachineRegistry(s).chat()).start();
    actor.send({ type: 'chat.send', text: 'Who is active?' });
    const done = await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.messages.length === 2);
    expect(done.context.messages[1]?.content).toBe('Three users are active.');
    expect(asked).toEqual(['POST /api/copilot/ask']);
  });

  it('the two-factor dialog it gives reads the setting from the identity service', async () => {
    const { services: s, gateway } = services();
    vi.mocked(gateway.getMfaSettings).mockResolvedValue({ enabledMethods: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });
    const actor = createActor(await createMachineRegistry(s).twoFactor()).start();
    await waitFor(actor, (snapshot) => snapshot.matches('on'));
    expect(gateway.getMfaSettings).toHaveBeenCalledWith('access-1');
  });
});

describe('a machine without its implementations', () => {
  it('names the actor that was not provided', async () => {
    const actor = createActor(dashboardMachine).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('The "load" actor is not provided');
  });

  it('a placeholder actor rejects, naming itself', async () => {
    const actor = createActor(placeholderActor<number>('loadThings'));
    const error = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await error).toEqual(new Error('The "loadThings" actor is not provided'));
  });

  it('a placeholder callback throws, naming itself', async () => {
    const actor = createActor(placeholderCallback<{ type: 'noop' }>('watchUrl'));
    const error = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await error).toEqual(new Error('The "watchUrl" actor is not provided'));
  });

  it('a placeholder action throws, naming itself', () => {
    expect(() => placeholderAction('writeUrl')({}, undefined)).toThrow(new Error('The "writeUrl" action is not provided'));
  });
});
