// @vitest-environment node
/**
 * Import CSV with its real implementations: the real API client with only `fetch` (the network, a
 * boundary we don't own) replaced, and the browser's navigation a stand-in. What each step asks of
 * /api/users/imports (method, path and body), that every call carries the actor's signal so leaving
 * a step cancels it, and that the failed rows' link is opened in the browser.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ImportJob } from '../../src/contract/imports';
import type { Services } from '../../src/services';
import { memberImportImplementations, memberImportMachine, type MemberImportActorRef } from '../../src/machines/memberImport';
import { apiOverFetch, jsonResponse } from '../support/api';
import { createControlledDelays } from '../support/model';
import { CANCELLED, DONE, DRAFT, PREVIEW, RUNNING } from '../views/users/render-import';

const CSV_TEXT = 'Name,Email,Phone\nRosa,rosa@summit.test,5551234567\n';
const CSV_FILE = new File([CSV_TEXT], 'crew.csv', { type: 'text/csv' });

interface Sent {
  call: string;
  body: unknown;
  signal: AbortSignal;
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const undo of cleanup) undo();
  cleanup = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * The API as a fetch double: each call answered from `answers` (by "METHOD /path"); a call with no
 * answer is left hanging, as a slow network would.
 */
function openImport(answers: Record<string, { status?: number; body: unknown }>) {
  const sent: Sent[] = [];
  const fetchDouble: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    const text = await request.text();
    sent.push({ call, body: text === '' ? undefined : JSON.parse(text), signal: request.signal });
    const answer = answers[call];
    if (!answer) return new Promise<Response>(() => undefined);
    return jsonResponse(answer.status ?? 200, answer.body);
  };
  const delays = createControlledDelays(['importPoll']);
  delays.install();
  cleanup.push(() => delays.uninstall());
  const services = { api: apiOverFetch(fetchDouble, { baseUrl: 'http://127.0.0.1:9' }) } as unknown as Services;
  const told: string[] = [];
  const implementations = memberImportImplementations(services);
  const reportImported = () => {
    told.push('users.imported');
  };
  const actor = createActor(
    memberImportMachine.provide({ ...implementations, actions: { ...implementations.actions, reportImported }, delays: delays.delays }),
  ).start();
  cleanup.push(() => actor.stop());
  const calls = () => sent.map((s) => s.call);
  const sentTo = (call: string) => {
    const found = sent.filter((s) => s.call === call).at(-1);
    if (!found) throw new Error(`${call} was not asked`);
    return found;
  };
  const asked = (call: string) => vi.waitFor(() => expect(calls()).toContain(call));
  return { actor, sent, calls, sentTo, asked, delays, told };
}

const reached = (actor: MemberImportActorRef, state: Parameters<ReturnType<MemberImportActorRef['getSnapshot']>['matches']>[0]) =>
  waitFor(actor, (s) => s.matches(state));

const CURRENT = 'GET /api/users/imports/current';
const PREVIEW_CALL = 'POST /api/users/imports';
const START = 'POST /api/users/imports/import-1/start';
const READ = 'GET /api/users/imports/import-1';
const CANCEL = 'POST /api/users/imports/import-1/cancel';
const DISMISS = 'POST /api/users/imports/import-1/dismiss';
const FAILED = 'POST /api/users/imports/import-1/failed-export';

const job = (j: ImportJob | null) => ({ body: { import: j } });

describe('Import CSV over the API client', () => {
  it('sends the file for the dry run, starts the job, follows it, and dismisses it when done', async () => {
    const s = openImport({
      [CURRENT]: job(null),
      [PREVIEW_CALL]: { status: 201, body: PREVIEW },
      [START]: job(RUNNING),
      [READ]: job(DONE),
      [DISMISS]: job(DONE),
    });
    await reached(s.actor, 'idle');
    expect(s.calls()).toEqual([CURRENT]);

    s.actor.send({ type: 'import.open' });
    s.actor.send({ type: 'import.chooseFile', file: CSV_FILE });
    await reached(s.actor, 'reviewing');
    expect(s.sentTo(PREVIEW_CALL).body).toEqual({ fileName: 'crew.csv', csv: CSV_TEXT });
    expect(s.actor.getSnapshot().context.job).toEqual(DRAFT);

    s.actor.send({ type: 'import.confirm' });
    await reached(s.actor, 'running');
    expect(s.actor.getSnapshot().context.job).toEqual(RUNNING);

    s.delays.fire('importPoll');
    await reached(s.actor, 'finished');
    expect(s.actor.getSnapshot().context.job).toEqual(DONE);

    s.actor.send({ type: 'import.dismiss' });
    await reached(s.actor, 'idle');
    expect(s.calls()).toEqual([CURRENT, PREVIEW_CALL, START, READ, DISMISS]);
    expect(s.told).toEqual(['users.imported']);
  });

  it('cancels a running job found when the screen opens', async () => {
    const s = openImport({ [CURRENT]: job(RUNNING), [CANCEL]: job(CANCELLED) });
    await reached(s.actor, 'running');
    s.actor.send({ type: 'import.cancel' });
    await reached(s.actor, 'finished');
    expect(s.calls()).toEqual([CURRENT, CANCEL]);
    expect(s.actor.getSnapshot().context.job).toEqual(CANCELLED);
  });

  it("asks for the failed rows with the administrator's local date and opens the link the API gives", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 1, 23, 30));
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const s = openImport({
      [CURRENT]: job(DONE),
      [FAILED]: { status: 201, body: { url: '/exports/imports/t1', fileName: 'crew-failed-rows.csv' } },
    });
    await reached(s.actor, 'finished');
    s.actor.send({ type: 'import.downloadFailed' });
    await s.asked(FAILED);
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(s.sentTo(FAILED).body).toEqual({ today: '2026-03-01' });
    expect(assign.mock.calls).toEqual([['http://127.0.0.1:9/exports/imports/t1']]);
    expect(s.actor.getSnapshot().value).toBe('finished');
    expect(s.actor.getSnapshot().context.error).toBeNull();
  });
});

describe('leaving a step cancels its call', () => {
  it('closing the screen while it looks for a job cancels the look', async () => {
    const s = openImport({});
    await s.asked(CURRENT);
    expect(s.sentTo(CURRENT).signal.aborted).toBe(false);
    s.actor.stop();
    expect(s.sentTo(CURRENT).signal.aborted).toBe(true);
  });

  it('closing the dialog during the dry run cancels the upload', async () => {
    const s = openImport({ [CURRENT]: job(null) });
    await reached(s.actor, 'idle');
    s.actor.send({ type: 'import.open' });
    s.actor.send({ type: 'import.chooseFile', file: CSV_FILE });
    await s.asked(PREVIEW_CALL);
    expect(s.sentTo(PREVIEW_CALL).signal.aborted).toBe(false);
    s.actor.send({ type: 'import.close' });
    expect(s.sentTo(PREVIEW_CALL).signal.aborted).toBe(true);
  });

  it('closing the screen while the job starts cancels the start', async () => {
    const s = openImport({ [CURRENT]: job(null), [PREVIEW_CALL]: { status: 201, body: PREVIEW } });
    await reached(s.actor, 'idle');
    s.actor.send({ type: 'import.open' });
    s.actor.send({ type: 'import.chooseFile', file: CSV_FILE });
    await reached(s.actor, 'reviewing');
    s.actor.send({ type: 'import.confirm' });
    await s.asked(START);
    expect(s.sentTo(START).signal.aborted).toBe(false);
    s.actor.stop();
    expect(s.sentTo(START).signal.aborted).toBe(true);
  });

  it('Cancel while the progress is being read stops the read', async () => {
    const s = openImport({ [CURRENT]: job(RUNNING) });
    await reached(s.actor, 'running');
    s.delays.fire('importPoll');
    await s.asked(READ);
    expect(s.sentTo(READ).signal.aborted).toBe(false);
    s.actor.send({ type: 'import.cancel' });
    expect(s.sentTo(READ).signal.aborted).toBe(true);
    await s.asked(CANCEL);
    expect(s.sentTo(CANCEL).signal.aborted).toBe(false);
    s.actor.stop();
    expect(s.sentTo(CANCEL).signal.aborted).toBe(true);
  });

  it.each([
    ['Done', { type: 'import.dismiss' } as const, DISMISS],
    ['the failed rows download', { type: 'import.downloadFailed' } as const, FAILED],
  ])('closing the screen while %s is on its way cancels it', async (_, event, call) => {
    const s = openImport({ [CURRENT]: job(DONE) });
    await reached(s.actor, 'finished');
    s.actor.send(event);
    await s.asked(call);
    expect(s.sentTo(call).signal.aborted).toBe(false);
    s.actor.stop();
    expect(s.sentTo(call).signal.aborted).toBe(true);
  });
});
