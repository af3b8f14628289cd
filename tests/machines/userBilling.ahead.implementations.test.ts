// @vitest-environment node
/**
 * A member's billing read ahead of the screen at start-up (a tab opened at /billing/user/:userId
 * with a session, src/machines/userBilling/ahead.ts), with the machine's real implementations over
 * the real API client; only `fetch` (the network, a boundary we don't own) is a double. The load
 * takes the read made ahead for its member, and asks for another member itself.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Services } from '../../src/services';
import { readUserBillingAhead } from '../../src/machines/userBilling/ahead';
import { userBillingImplementations, userBillingMachine } from '../../src/machines/userBilling';
import { apiOverFetch, jsonResponse } from '../support/api';
import { LITE_USER } from '../views/billing/fixtures';

function open(answer: () => Promise<Response>) {
  const requests: string[] = [];
  const fetchDouble: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
    return answer();
  };
  const services = { api: apiOverFetch(fetchDouble) } as unknown as Services;
  const start = (userId: string) =>
    createActor(userBillingMachine.provide(userBillingImplementations(services)), { input: { userId } }).start();
  return { services, requests, start };
}

const ready = { ready: { paymentMethods: 'idle', invoiceLinks: 'idle', data: 'idle' } } as const;
const asked = (userId: string) => `POST /api/admin/billing/user {"userId":"${userId}"}`;

describe("a member's billing read ahead of the screen", () => {
  it("is what the screen's load shows: one request, made at start-up", async () => {
    const { services, requests, start } = open(() => jsonResponse(200, LITE_USER));
    readUserBillingAhead(services, LITE_USER.userId);
    await vi.waitFor(() => expect(requests).toEqual([asked(LITE_USER.userId)]));
    const loaded = await waitFor(start(LITE_USER.userId), (s) => s.matches(ready));
    expect(loaded.context.billing).toEqual(LITE_USER);
    expect(requests).toHaveLength(1);
  });

  it('is not taken for another member: that load asks for its own', async () => {
    const { services, requests, start } = open(() => jsonResponse(200, LITE_USER));
    readUserBillingAhead(services, 'someone-else');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(start(LITE_USER.userId), (s) => s.matches(ready));
    expect(requests).toEqual([asked('someone-else'), asked(LITE_USER.userId)]);
  });

  it("a read ahead that failed is the load's failure (made early, not twice), and Try again asks again", async () => {
    let fail = true;
    const { services, requests, start } = open(() =>
      fail ? jsonResponse(500, { message: 'Billing is unavailable' }) : jsonResponse(200, LITE_USER),
    );
    readUserBillingAhead(services, LITE_USER.userId);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const actor = start(LITE_USER.userId);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('Billing is unavailable');
    expect(requests).toHaveLength(1);
    fail = false;
    actor.send({ type: 'userBilling.retry' });
    await waitFor(actor, (s) => s.matches(ready));
    expect(requests).toHaveLength(2);
  });
});
