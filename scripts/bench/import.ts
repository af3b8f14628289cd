/**
 * Import CSV at its limit: a 5,000-row file (LIMITS.importRows) imported over HTTP the way
 * the console does it (src/machines/memberImport), timed, with the API's memory meanwhile.
 *
 * The file: 5,000 member rows, of which 1% have an error (a bad phone, e-mail, role or licence in turn,
 * the rules of Add User) and 1% name members the organisation already has (read from GET /api/users),
 * the rest new members with e-mails unique to this run. Then:
 *
 *  1. the dry run: POST /api/users/imports { fileName, csv } (the file read, every row checked, the
 *     e-mails matched with the members; nothing created), timed;
 *  2. Confirm: POST /api/users/imports/:id/start, then GET /api/users/imports/:id until the job is
 *     `done`, timed from the start request to the answer that says so, read every second as the
 *     console does (so up to a second late); the job's own start and finish times (startedAt,
 *     finishedAt) give its length to the millisecond, reported beside it;
 *  3. Done: POST …/dismiss, as the console's Done does.
 *
 * Checked, not trusted (the bench fails otherwise): the dry run counts the new, existing and bad rows
 * the file was made with; the job ends `done` having invited every new row, none failed, none left;
 * the organisation then has that many more members (GET /api/users/stats), and a search for this run's
 * marker finds exactly them; the failed rows' file (…/failed-export) has one record per bad row.
 *
 * Memory: the API's RSS as for the export (scripts/bench/stack-process.ts `rssMonitor`): sampled every
 * 50 ms and the kernel's high-water mark, from just before the dry run to the job's end.
 *
 * On the local stack each invitation also creates an account in cognito-local (a process of its own,
 * not in the RSS); on AWS it is a call to Cognito's AdminCreateUser. Where the job's time goes: the
 * CPU seconds the API's process and cognito-local's used meanwhile (Linux /proc), beside the wall clock.
 */
import { IMPORT_COLUMNS } from '../../src/domain/memberImport';
import { formatCsv, parseCsv } from '../../src/domain/csv';
import { LIMITS } from '../../src/domain/limits';
import type { UserListResponse, UserStats } from '../../src/contract/api';
import type { ImportJob, ImportPreviewResponse } from '../../src/contract/imports';
import { adminAccessToken } from './admin';
import { round } from './browser';
import { childProcess, processCpuSeconds, processMemory, rssMonitor, type StackProcess } from './stack-process';

export interface ImportFigures {
  import_rows: number;
  import_rows_new: number;
  import_rows_existing: number;
  import_rows_bad: number;
  import_csv_kb: number;
  import_dry_run_ms: number;
  import_job_ms: number;
  import_job_server_ms: number;
  import_rows_per_s: number;
  import_api_rss_before_mb: number;
  import_api_rss_peak_mb: number;
  import_api_rss_growth_mb: number;
  /** Only where the kernel let its high-water mark be reset. */
  import_api_rss_hwm_mb?: number;
  /** CPU seconds the API's process and cognito-local's used over the dry run and the job (Linux only). */
  import_api_cpu_s?: number;
  import_cognito_cpu_s?: number;
}

type StackRef = Pick<StackProcess, 'apiUrl' | 'cognitoEndpoint' | 'clientId' | 'pid'>;

const MB = 1024 * 1024;
/**
 * How often the bench reads the job: every second, as the console does (`importPoll`). Each read
 * counts the job's rows on the API's thread, so reading more often would slow the job it times; the
 * job's own times (startedAt, finishedAt) give its length to the millisecond.
 */
const POLL_MS = 1000;
/** A job that has not finished by then has stalled (5,000 invitations take about a minute here). */
const JOB_TIMEOUT_MS = 30 * 60_000;
/** One row in a hundred has an error, one in a hundred names a member already there. */
const BAD_EVERY = 100;
const EXISTING_EVERY = 100;

/**
 * The file: `rows` member rows; row i (from 0) is bad when i % 100 == 50 (its error cycling through
 * phone, e-mail, role and licence), names an existing member when i % 100 == 99 (as long as there
 * are some), and is a new member otherwise, named and addressed with `marker` so a search finds them.
 */
function importFile(
  rows: number,
  marker: string,
  existingEmails: readonly string[],
): { csv: string; fresh: number; existing: number; bad: number } {
  const records: string[][] = [[...IMPORT_COLUMNS]];
  let fresh = 0;
  let existing = 0;
  let bad = 0;
  for (let i = 0; i < rows; i++) {
    const row = [
      `Crew ${marker} ${i}`,
      `${marker}-${i}@crew.test`,
      `555${String(i).padStart(7, '0')}`,
      'Field Worker',
      i % 2 ? 'yes' : 'no',
    ];
    const kind = i % BAD_EVERY === BAD_EVERY / 2 ? 'bad' : i % EXISTING_EVERY === EXISTING_EVERY - 1 ? 'existing' : 'new';
    const known = existingEmails[existing];
    if (kind === 'bad') {
      const which = bad % 4;
      if (which === 0) row[2] = 'n/a';
      else if (which === 1) row[1] = 'not-an-email';
      else if (which === 2) row[3] = 'Foreman';
      else row[4] = 'maybe';
      bad += 1;
    } else if (kind === 'existing' && known !== undefined) {
      row[1] = known;
      existing += 1;
    } else {
      fresh += 1;
    }
    records.push(row);
  }
  return { csv: formatCsv(records), fresh, existing, bad };
}

/** Throws when `actual` differs from `expected`, naming what was counted. */
function expectCount(what: string, actual: number, expected: number): void {
  if (actual !== expected) throw new Error(`Import CSV: ${what} is ${actual}, expected ${expected}`);
}

/** Over HTTP against the bench's stack: one import of `rows` rows (default LIMITS.importRows), timed and checked, with the API's RSS. */
export async function measureImport(
  stack: StackRef,
  log: (line: string) => void,
  rows: number = LIMITS.importRows,
): Promise<ImportFigures> {
  const token = await adminAccessToken(stack);
  const auth = { Authorization: `Bearer ${token}` };
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, expected = 200): Promise<T> => {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method,
      headers: body === undefined ? auth : { ...auth, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== expected)
      throw new Error(`${method} ${path}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as T;
  };
  const membersNow = async () => (await call<UserStats>('GET', '/api/users/stats')).total;

  const marker = `bench${Date.now().toString(36)}`;
  const existingCount = Math.floor(rows / EXISTING_EVERY);
  const known = await call<UserListResponse>('GET', `/api/users?limit=${Math.min(LIMITS.pageSize, Math.max(existingCount, 1))}`);
  const file = importFile(
    rows,
    marker,
    known.users.map((u) => u.email),
  );
  const before = await membersNow();

  const cognitoPid = childProcess(stack.pid, /cognito-local/);
  const cpu = () => ({ api: processCpuSeconds(stack.pid), cognito: cognitoPid === null ? null : processCpuSeconds(cognitoPid) });
  const cpuBefore = cpu();
  const monitor = rssMonitor(stack.pid);
  const rssBefore = processMemory(stack.pid).rss;
  monitor.start();
  let memory: { peak: number; hwm: number | null };
  let dryRunMs: number;
  let jobMs: number;
  let job: ImportJob;
  try {
    const dryRunStarted = performance.now();
    const preview = await call<ImportPreviewResponse>('POST', '/api/users/imports', { fileName: `${marker}.csv`, csv: file.csv }, 201);
    dryRunMs = performance.now() - dryRunStarted;
    expectCount('the dry run: rows', preview.import.total, rows);
    expectCount('the dry run: new invitations', preview.import.toInvite, file.fresh);
    expectCount('the dry run: rows matching members', preview.import.existing, file.existing);
    expectCount('the dry run: rows with errors', preview.import.invalid, file.bad);

    const id = preview.import.id;
    const jobStarted = performance.now();
    job = (await call<{ import: ImportJob }>('POST', `/api/users/imports/${id}/start`)).import;
    while (job.status === 'running') {
      if (performance.now() - jobStarted > JOB_TIMEOUT_MS)
        throw new Error(`Import CSV: the job is still running after ${JOB_TIMEOUT_MS} ms`);
      await new Promise((r) => setTimeout(r, POLL_MS));
      job = (await call<{ import: ImportJob }>('GET', `/api/users/imports/${id}`)).import;
    }
    jobMs = performance.now() - jobStarted;
  } finally {
    memory = monitor.stop();
  }
  const cpuAfter = cpu();
  const cpuUsed = (which: 'api' | 'cognito'): number | null => {
    const [start, end] = [cpuBefore[which], cpuAfter[which]];
    return start === null || end === null ? null : round(end - start);
  };
  const [apiCpu, cognitoCpu] = [cpuUsed('api'), cpuUsed('cognito')];

  if (job.status !== 'done') throw new Error(`Import CSV: the job ended ${job.status}${job.message ? ` (${job.message})` : ''}`);
  expectCount('the job: invited', job.invited, file.fresh);
  expectCount('the job: failed', job.failed, 0);
  expectCount('the job: still pending', job.pending, 0);
  expectCount('the job: existing', job.existing, file.existing);
  expectCount('the job: rows with errors', job.invalid, file.bad);
  expectCount('members added (GET /api/users/stats)', (await membersNow()) - before, file.fresh);
  const found = await call<UserListResponse>('GET', `/api/users?search=${marker}&limit=1`);
  expectCount(`members found by a search for "${marker}"`, found.total, file.fresh);
  const failed = await call<{ url: string }>('POST', `/api/users/imports/${job.id}/failed-export`, {}, 201);
  const failedFile = await fetch(`${stack.apiUrl}${failed.url}`);
  if (!failedFile.ok) throw new Error(`GET ${failed.url}: HTTP ${failedFile.status}`);
  expectCount("records in the failed rows' file, header included", parseCsv(await failedFile.text()).length, file.bad + 1);
  await call('POST', `/api/users/imports/${job.id}/dismiss`);

  const serverMs = job.startedAt && job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.startedAt) : Number.NaN;
  const perSecond = round(file.fresh / ((Number.isNaN(serverMs) ? jobMs : serverMs) / 1000));
  const highest = Math.max(memory.peak, memory.hwm ?? 0);
  log(
    `  import of ${rows.toLocaleString('en-US')} rows (${file.fresh} new, ${file.existing} existing, ${file.bad} bad): dry run ${dryRunMs.toFixed(0)} ms, ` +
      `job ${(jobMs / 1000).toFixed(1)} s (its own ${(serverMs / 1000).toFixed(1)} s, ${perSecond} invitations/s); API RSS ${round(rssBefore / MB)} MB before, ` +
      `${round(memory.peak / MB)} MB peak sampled` +
      (memory.hwm === null ? '' : `, ${round(memory.hwm / MB)} MB kernel high-water mark`) +
      (apiCpu === null ? '' : `; CPU: API ${apiCpu} s`) +
      (cognitoCpu === null ? '' : `, cognito-local ${cognitoCpu} s`),
  );
  return {
    import_rows: rows,
    import_rows_new: file.fresh,
    import_rows_existing: file.existing,
    import_rows_bad: file.bad,
    import_csv_kb: round(new TextEncoder().encode(file.csv).length / 1024),
    import_dry_run_ms: round(dryRunMs, 0),
    import_job_ms: round(jobMs, 0),
    import_job_server_ms: serverMs,
    import_rows_per_s: perSecond,
    import_api_rss_before_mb: round(rssBefore / MB),
    import_api_rss_peak_mb: round(memory.peak / MB),
    import_api_rss_growth_mb: round((highest - rssBefore) / MB),
    ...(memory.hwm === null ? {} : { import_api_rss_hwm_mb: round(memory.hwm / MB) }),
    ...(apiCpu === null ? {} : { import_api_cpu_s: apiCpu }),
    ...(cognitoCpu === null ? {} : { import_cognito_cpu_s: cognitoCpu }),
  };
}
