/**
 * The chat machine with its real implementations over the real API client; only `fetch` (the
 * network, a boundary we don't own) is a double, so the request and the answer shapes are checked
 * as they travel.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { CHAT_FAILURE_MESSAGE, chatImplementations, chatMachine } from '../../src/machines/chat';
import { apiOverFetch, jsonResponse } from '../support/api';

interface Seen {
  url: string;
  method: string;
  body: unknown;
  authorization: string | null;
  signal: AbortSignal;
}

function startChat(answer: (seen: Seen) => Promise<Response>) {
  const seen: Seen[] = [];
  const fetchDouble: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const entry: Seen = {
      url: request.url,
      method: request.method,
      body: JSON.parse(await request.text()) as unknown,
      authorization: request.headers.get('authorization'),
      signal: request.signal,
    };
    seen.push(entry);
    return answer(entry);
  };
  const api = apiOverFetch(fetchDouble);
  const actor = createActor(chatMachine.provide(chatImplementations({ api }))).start();
  return { actor, seen };
}

// The console's zone as the browser reports it (Intl follows TZ): sent with every question. A zone
// that is not the machine's (UTC here) proves it is read, not assumed. In a worker thread (Stryker's
// runner) Node does not see a TZ set after start, and the zone is the one the mutation run starts in
// (America/New_York, vitest.config.ts): not UTC either.
let ZONE = '';
beforeEach(() => {
  vi.stubEnv('TZ', 'Pacific/Auckland');
  ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(['Pacific/Auckland', 'America/New_York']).toContain(ZONE);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('chat machine over the API client', () => {
  it("asks with { query, isAdmin: true } and the console's time zone, and keeps the nested result, sources and web flag", async () => {
    const { actor, seen } = startChat(() =>
      jsonResponse(200, {
        result: { result: 'Found on the web.' },
        sources: [{ id: 'w', type: 'web', title: 'Page', url: 'https://e.com' }],
        webSearchUsed: true,
      }),
    );
    actor.send({ type: 'chat.send', text: '  Any news?  ' });
    const done = await waitFor(actor, (s) => s.matches('idle'));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('http://127.0.0.1:9/api/copilot/ask');
    expect(seen[0]?.body).toEqual({ query: 'Any news?', isAdmin: true, timeZone: ZONE });
    expect(seen[0]?.authorization).toBe('Bearer token-1');
    const [question, reply] = done.context.messages;
    expect(question).toMatchObject({ type: 'user', content: 'Any news?' });
    expect(reply).toMatchObject({
      type: 'ai',
      content: 'Found on the web.',
      sources: [{ id: 'w', type: 'web', title: 'Page', url: 'https://e.com' }],
      webSearchUsed: true,
      sourceType: 'web',
    });
    expect(reply?.failed).toBeUndefined();
    expect(question?.id).not.toBe(reply?.id);
    expect(Number.isNaN(Date.parse(reply?.timestamp ?? ''))).toBe(false);
  });

  it('reads a plain result as organization data', async () => {
    const { actor } = startChat(() => jsonResponse(200, { result: 'Three users are active.' }));
    actor.send({ type: 'chat.send', text: 'Who is active?' });
    const done = await waitFor(actor, (s) => s.matches('idle'));
    expect(done.context.messages[1]).toMatchObject({
      content: 'Three users are active.',
      sources: [],
      webSearchUsed: false,
      sourceType: 'vector',
    });
  });

  it('appends the failure bubble, keeping the question, when the API fails', async () => {
    const { actor } = startChat(() => jsonResponse(500, { message: 'boom' }));
    actor.send({ type: 'chat.send', text: 'Weekly report' });
    const done = await waitFor(actor, (s) => s.matches('idle'));
    expect(done.context.messages[1]).toMatchObject({ type: 'ai', content: CHAT_FAILURE_MESSAGE, failed: true, question: 'Weekly report' });
  });

  it("sends the latest reply's intent with the next question (a follow-up), keeps it across a failure, drops it when cleared", async () => {
    const pending = { subject: 'members', measure: 'count', filters: { status: 'pending' } } as const;
    const answers = [
      () => jsonResponse(200, { result: '50 members are pending activation (of 240).', intent: pending }),
      () => jsonResponse(500, { message: 'boom' }),
      () =>
        jsonResponse(200, {
          result: '10 supervisors are pending activation (of 240 members).',
          intent: { ...pending, measure: 'list', filters: { status: 'pending', role: 'Supervisor' } },
        }),
      () => jsonResponse(200, { result: 'Hello!' }),
      () =>
        jsonResponse(200, { result: 'Your organisation has 240 members.', intent: { subject: 'members', measure: 'count', filters: {} } }),
      () => jsonResponse(200, { result: 'Fresh start.' }),
    ];
    const { actor, seen } = startChat(() => (answers.shift() ?? (() => jsonResponse(500, {})))());
    const ask = async (text: string) => {
      actor.send({ type: 'chat.send', text });
      await waitFor(actor, (s) => s.matches('idle'));
    };
    await ask('How many users are pending?');
    await ask('which of them are supervisors?');
    await ask('which of them are supervisors?');
    await ask('hi');
    await ask('how many users');
    actor.send({ type: 'chat.clear' });
    await ask('and last week?');
    const bodies = seen.map((s) => s.body as Record<string, unknown>);
    expect(bodies[0]).toEqual({ query: 'How many users are pending?', isAdmin: true, timeZone: ZONE });
    expect(bodies[1]).toEqual({ query: 'which of them are supervisors?', isAdmin: true, previousIntent: pending, timeZone: ZONE });
    // The failed turn changed nothing: the retry asks in the same context.
    expect(bodies[2]).toEqual({ query: 'which of them are supervisors?', isAdmin: true, previousIntent: pending, timeZone: ZONE });
    expect(bodies[3]?.previousIntent).toMatchObject({ filters: { role: 'Supervisor' } });
    // A reply without an intent (a greeting, a search) ends the context.
    expect(bodies[4]).toEqual({ query: 'how many users', isAdmin: true, timeZone: ZONE });
    expect(bodies[5]).toEqual({ query: 'and last week?', isAdmin: true, timeZone: ZONE });
    expect(actor.getSnapshot().context.lastIntent).toBeNull();
  });

  it('drops an intent it cannot read, keeping the answer', async () => {
    const { actor, seen } = startChat(() =>
      jsonResponse(200, { result: 'An answer.', intent: { subject: 'weather', measure: 'count', filters: {} } }),
    );
    actor.send({ type: 'chat.send', text: 'first' });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'chat.send', text: 'second' });
    const done = await waitFor(actor, (s) => s.matches('idle') && s.context.messages.length === 4);
    expect(done.context.messages[1]).toMatchObject({ content: 'An answer.' });
    expect(seen[1]?.body).toEqual({ query: 'second', isAdmin: true, timeZone: ZONE });
  });

  it('aborts the request when the conversation ends', async () => {
    let release: (() => void) | undefined;
    const { actor, seen } = startChat(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response('{}', { status: 200 }));
        }),
    );
    actor.send({ type: 'chat.send', text: 'Slow?' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.signal.aborted).toBe(false);
    actor.stop();
    expect(seen[0]?.signal.aborted).toBe(true);
    release?.();
  });
});
