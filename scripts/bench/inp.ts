/**
 * Interaction to Next Paint on a phone's CPU, in Chromium (Playwright) on the production build:
 * how long User Management keeps a tap or a keystroke waiting for its next frame.
 *
 * The page runs as Lighthouse's mobile preset has it: a 412 x 823 touch screen at 1.75 device pixels,
 * and the CPU slowed 4x (CDP `Emulation.setCPUThrottlingRate`, set once the administrator has signed in
 * and /users shows its first members). No network throttling: INP is the main thread's answer to input.
 *
 * Latency is read with the Event Timing API, as web-vitals' INP does: a PerformanceObserver of type
 * `event` (durationThreshold 16 ms, the lowest the API allows) keeps, per `interactionId`, the longest
 * entry's duration (input to the next paint, in steps of 8 ms). The events of one keystroke (keydown,
 * keyup) or one tap (pointerdown, pointerup, click) share an interactionId. An interaction whose every
 * event took under 16 ms has no entry: it is counted at 16 ms, an upper bound.
 *
 *  - search: at least 20 keystrokes typed into "Search users" (~7 a second, a quick typist), over
 *    several names of the seed; each search's request and rows render while the next keys arrive;
 *  - licence: a member's licence switch tapped at least 20 times, each tap after the last one's change
 *    has been saved (the switch is enabled again), back and forth on one member (an even number, so the
 *    member ends as they started). This changes data: the bench's stack is a throwaway one.
 *
 * Each is reported as p75 (INP's own percentile over a page's interactions) and max, beside the
 * count of interactions and how many reached 16 ms.
 */
import type { Browser, Page } from '@playwright/test';
import { percentile, round, signIn, trackApiRequests } from './browser';
import { searchTerms } from './users';

export interface InpFigures {
  inp_cpu_slowdown: number;
  inp_search_interactions: number;
  inp_search_observed: number;
  inp_search_p75_ms: number;
  inp_search_max_ms: number;
  inp_licence_interactions: number;
  inp_licence_observed: number;
  inp_licence_p75_ms: number;
  inp_licence_max_ms: number;
}

/** Lighthouse's mobile preset: its CPU slowdown and its screen (a Moto G Power). */
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;
/** The Event Timing API's lowest threshold: faster events are not reported. */
const DURATION_THRESHOLD_MS = 16;
const MIN_INTERACTIONS = 20;
/** Between two keystrokes: about seven a second. */
const KEY_DELAY_MS = 150;
const LICENCE_TAPS = 24;

interface InteractionRecord {
  interactionId: number;
  duration: number;
  name: string;
}

declare global {
  interface Window {
    __benchInp?: { reset(): void; read(): Promise<InteractionRecord[]> };
  }
}

/**
 * In the page from its start: every interaction's longest event, by interactionId. Plain JavaScript
 * in a string: a function passed to addInitScript is sent as its source, and tsx compiles the bench
 * with esbuild's keepNames, whose `__name(...)` helper does not exist in the page (the script would
 * throw and observe nothing).
 */
const OBSERVE_INTERACTIONS = `(() => {
  let longest = new Map();
  function keep(entries) {
    for (const entry of entries) {
      if (!entry.interactionId) continue;
      const seen = longest.get(entry.interactionId);
      if (!seen || entry.duration > seen.duration)
        longest.set(entry.interactionId, { interactionId: entry.interactionId, duration: entry.duration, name: entry.name });
    }
  }
  const observer = new PerformanceObserver(function (list) { keep(list.getEntries()); });
  observer.observe({ type: 'event', durationThreshold: ${DURATION_THRESHOLD_MS}, buffered: true });
  window.__benchInp = {
    reset: function () { keep(observer.takeRecords()); longest = new Map(); },
    // An entry is queued once the frame after its event is presented: wait two frames, then take what is queued.
    read: function () {
      return new Promise(function (done) {
        requestAnimationFrame(function () {
          requestAnimationFrame(function () {
            setTimeout(function () { keep(observer.takeRecords()); done(Array.from(longest.values())); }, 0);
          });
        });
      });
    },
  };
})();`;

/** The page's interaction observer (OBSERVE_INTERACTIONS): fails when it is not there, rather than reading nothing. */
async function interactions(page: Page, what: 'reset' | 'read'): Promise<InteractionRecord[]> {
  const records = await page.evaluate(async (call) => {
    const observer = window.__benchInp;
    if (!observer) return null;
    if (call === 'reset') {
      observer.reset();
      return [];
    }
    return observer.read();
  }, what);
  if (!records) throw new Error('INP: the Event Timing observer is not in the page');
  return records;
}

/** p75 and max over `performed` interactions, of which those without an entry count at the threshold. */
function latencies(records: readonly InteractionRecord[], performed: number): { observed: number; p75: number; max: number } {
  if (records.length > performed) throw new Error(`INP: ${records.length} interactions observed, only ${performed} made`);
  const values = [...records.map((r) => r.duration), ...Array<number>(performed - records.length).fill(DURATION_THRESHOLD_MS)];
  return { observed: records.length, p75: round(percentile(values, 75), 0), max: round(Math.max(...values), 0) };
}

async function measureSearch(
  page: Page,
  api: ReturnType<typeof trackApiRequests>,
): Promise<{ performed: number; records: InteractionRecord[] }> {
  const box = page.getByRole('searchbox', { name: 'Search users' });
  const terms: string[] = [];
  for (const term of searchTerms()) {
    if (terms.join('').length >= MIN_INTERACTIONS + 4) break;
    if (!term.startsWith('zzq')) terms.push(term);
  }
  let performed = 0;
  const records: InteractionRecord[] = [];
  for (const term of terms) {
    // Emptied and focused, and the list settled, before the next name is typed; only the typing is
    // read (Playwright's fill may reach the page as an interaction of its own).
    await box.fill('');
    await api.idle();
    await box.focus();
    await interactions(page, 'reset');
    await box.pressSequentially(term, { delay: KEY_DELAY_MS });
    performed += term.length;
    await api.idle();
    records.push(...(await interactions(page, 'read')));
  }
  await box.fill('');
  await api.idle();
  return { performed, records };
}

async function measureLicence(page: Page): Promise<{ performed: number; records: InteractionRecord[]; member: string }> {
  const first = page.getByRole('checkbox', { name: /^License for / }).first();
  const label = await first.getAttribute('aria-label');
  if (!label) throw new Error('INP: /users shows no licence switch');
  const licence = (checked: boolean) => page.getByRole('checkbox', { name: label, exact: true, checked, disabled: false });
  let checked = await first.isChecked();
  await interactions(page, 'reset');
  for (let i = 0; i < LICENCE_TAPS; i++) {
    await licence(checked).tap();
    checked = !checked;
    // Saved: the switch shows the new value and takes taps again.
    await licence(checked).waitFor({ timeout: 30_000 });
  }
  const records = await interactions(page, 'read');
  return { performed: LICENCE_TAPS, records, member: label.replace(/^License for /, '') };
}

/** Signs in on a phone-sized page, opens /users, slows the CPU 4x and times the two kinds of interaction. */
export async function measureInp(browser: Browser, webUrl: string, apiUrl: string, log: (line: string) => void): Promise<InpFigures> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_INTERACTIONS });
    const api = trackApiRequests(page, apiUrl);
    await signIn(page, webUrl);
    await page.goto(`${webUrl}/users`);
    await page
      .getByRole('checkbox', { name: /^License for / })
      .first()
      .waitFor({ timeout: 60_000 });
    await api.idle();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const search = await measureSearch(page, api);
    const searchStats = latencies(search.records, search.performed);
    log(
      `  INP, typing a search (${search.performed} keystrokes, ${searchStats.observed} of 16 ms or more): p75 ${searchStats.p75} ms, max ${searchStats.max} ms`,
    );
    const licence = await measureLicence(page);
    const licenceStats = latencies(licence.records, licence.performed);
    log(
      `  INP, flipping ${licence.member}'s licence (${licence.performed} taps, ${licenceStats.observed} of 16 ms or more): p75 ${licenceStats.p75} ms, max ${licenceStats.max} ms`,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      inp_cpu_slowdown: CPU_SLOWDOWN,
      inp_search_interactions: search.performed,
      inp_search_observed: searchStats.observed,
      inp_search_p75_ms: searchStats.p75,
      inp_search_max_ms: searchStats.max,
      inp_licence_interactions: licence.performed,
      inp_licence_observed: licenceStats.observed,
      inp_licence_p75_ms: licenceStats.p75,
      inp_licence_max_ms: licenceStats.max,
    };
  } finally {
    await context.close();
  }
}
