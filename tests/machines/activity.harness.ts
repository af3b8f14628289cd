/**
 * What the activity trail's actor-level scenarios share (activity.scenarios, activity.filters
 * scenarios): the people on the entries, and the trail opened with GET /api/audit and the export's
 * request as promises the scenario settles, and the address bar a stand-in that reports the address
 * the scenario names and keeps what the trail writes back.
 */
import { createActor, fromCallback } from 'xstate';
import type { AuditListResponse } from '../../src/contract/audit';
import { activityMachine, type ActivityInput, type LoadActivityInput, type UrlWrite } from '../../src/machines/activity';
import { csvExportMachine, type ExportQuery, type ExportedFile } from '../../src/machines/csvExport';
import { pendingActor, settle } from './pending-actor';

const person = (memberId: string, name: string) => ({ memberId, name, email: `${memberId}@example.com` });
export const DANA = person('u-dana', 'Dana Whitfield');
export const BEN = person('u-ben', 'Ben Ode');
export const ANA = person('u-ana', 'Ana Diaz');

/** The trail with the address bar at `query` (the Activity screen), or for one member (`input.memberId`). */
export function openTrail(query: string, input?: ActivityInput) {
  const load = pendingActor<AuditListResponse, LoadActivityInput>();
  const exports = pendingActor<ExportedFile, ExportQuery>();
  const downloads: string[] = [];
  const writes: Array<UrlWrite | null> = [];
  let moveTo: ((query: string) => void) | null = null;
  let watching = 0;
  const actor = createActor(
    activityMachine.provide({
      actors: {
        loadActivity: load.logic,
        watchUrl: fromCallback(({ sendBack }) => {
          watching += 1;
          sendBack({ type: 'activity.urlChanged', query });
          moveTo = (moved) => sendBack({ type: 'activity.urlChanged', query: moved });
        }),
        csvExport: csvExportMachine.provide({
          actors: { prepareExport: exports.logic },
          actions: { openDownload: (_, params: { url: string }) => void downloads.push(params.url) },
        }),
      },
      actions: { writeUrl: (_, params: UrlWrite | null) => void writes.push(params) },
    }),
    { input },
  ).start();
  /** Back or Forward to `moved` on the same screen. */
  const historyMove = (moved: string) => {
    if (!moveTo) throw new Error('the trail does not hear the address');
    moveTo(moved);
  };
  const answerWith = async (response: AuditListResponse) => {
    load.last().resolve(response);
    await settle();
  };
  return {
    actor,
    load,
    exports,
    downloads,
    writes,
    historyMove,
    answerWith,
    snapshot: () => actor.getSnapshot(),
    watching: () => watching,
  };
}
