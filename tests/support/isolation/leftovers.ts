import { appendFileSync } from 'node:fs';
import { expect, it, vi } from 'vitest';

/** A module of the project with state of its own: a file must never see another file's. */
const visits: string[] = [];

/**
 * What a file of tests/support/isolation sees on arrival, written to HARDLINE_ISOLATION_OUT; then it
 * leaves behind everything a careless test could, for the file after it.
 */
export function checkAndLeaveLeftovers(file: string): void {
  it(`${file}: starts clean, then leaves leftovers`, () => {
    const shared = globalThis as { hardlineComputedStyle?: unknown; hardlineWaitFor?: unknown };
    const seen = {
      file,
      pid: process.pid,
      moduleState: visits.length,
      address: `${window.location.pathname}${window.location.search}`,
      localStorage: localStorage.length,
      sessionStorage: sessionStorage.length,
      cookie: document.cookie,
      body: document.body.childElementCount,
      fakeTimers: vi.isFakeTimers(),
      stubbedGlobal: 'hardlineStubbed' in globalThis,
      stubbedEnv: process.env['HARDLINE_STUBBED'] ?? null,
      computedStyleInstalledOnce: shared.hardlineComputedStyle === undefined || shared.hardlineComputedStyle === window.getComputedStyle,
      waitForInstalledOnce: shared.hardlineWaitFor === undefined || shared.hardlineWaitFor === vi.waitFor,
    };
    appendFileSync(process.env['HARDLINE_ISOLATION_OUT'] as string, `${JSON.stringify(seen)}\n`);

    visits.push(file);
    window.history.pushState(null, '', '/users?status=pending');
    localStorage.setItem('left', file);
    sessionStorage.setItem('left', file);
    document.cookie = 'left=1; path=/';
    document.body.append(document.createElement('div'));
    vi.useFakeTimers();
    vi.stubGlobal('hardlineStubbed', true);
    vi.stubEnv('HARDLINE_STUBBED', file);
    shared.hardlineComputedStyle = window.getComputedStyle;
    shared.hardlineWaitFor = vi.waitFor;
    expect(visits).toEqual([file]);
  });
}
