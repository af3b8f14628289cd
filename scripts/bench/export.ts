/**
 * Export CSV at scale: how long the whole file of every member takes, and how much
 * memory the API needs meanwhile.
 *
 * Each run does what the console does: POST /api/users/export (no filter, the default sort) for a
 * one-time link, then GET /exports/members/:ticket, read to its last byte as it arrives. The file is
 * checked, not kept: it must start with the header and hold one record per member (the
 * organisation's total from GET /api/users/stats) plus the header. Records are counted with a
 * quote-aware scan, so a line break inside a quoted cell does not count.
 *
 * Memory: the bench's stack runs the API in a process of its own (scripts/bench/stack-process.ts,
 * with PGlite in the same process unless DATABASE_URL is set), so the API's memory is that process's
 * resident set (RSS). It is sampled every 50 ms (VmRSS in /proc/<pid>/status), and the kernel's own
 * high-water mark (VmHWM, reset through /proc/<pid>/clear_refs just before the runs) backs it up
 * where Linux allows, since a sample can miss a peak.
 * The figure that matters is the growth over the RSS before the runs: a server that streams grows
 * by its batch buffers, one that gathered the file would grow by the file (and more) instead.
 */
import { EXPORT_HEADER } from '../../server/users/export';
import type { ExportMembersResponse, UserStats } from '../../src/contract/api';
import { percentile, round } from './browser';
import { adminAccessToken } from './admin';
import { processMemory, rssMonitor } from './stack-process';

export interface ExportFigures {
  export_members: number;
  export_csv_rows: number;
  export_csv_mb: number;
  export_runs: number;
  export_csv_ms_median: number;
  export_csv_ms_min: number;
  export_csv_ms_max: number;
  export_api_rss_before_mb: number;
  export_api_rss_peak_mb: number;
  export_api_rss_growth_mb: number;
  /** Only where the kernel let its high-water mark be reset. */
  export_api_rss_hwm_mb?: number;
}

interface StackRef {
  apiUrl: string;
  cognitoEndpoint: string;
  clientId: string;
  /** The API's process. */
  pid: number;
}

const MB = 1024 * 1024;
const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/** Counts CSV records (line feeds outside quotes) and bytes of a streamed body, keeping only its first bytes. */
async function readCsv(body: ReadableStream<Uint8Array>): Promise<{ records: number; bytes: number; head: string }> {
  let records = 0;
  let bytes = 0;
  let inQuotes = false;
  let last = LINE_FEED;
  const head: Uint8Array[] = [];
  let headBytes = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (headBytes < 256) {
      head.push(value.subarray(0, 256 - headBytes));
      headBytes += Math.min(value.length, 256 - headBytes);
    }
    for (const byte of value) {
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (byte === LINE_FEED && !inQuotes) records += 1;
    }
    last = value[value.length - 1] ?? last;
  }
  if (last !== LINE_FEED) records += 1; // a last record without a final line break
  return { records, bytes, head: new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(head)) };
}

/** Over HTTP against the local stack of `npm run bench`: `runs` whole exports, timed, with the API's RSS. */
export async function measureExport(stack: StackRef, log: (line: string) => void, runs = 3): Promise<ExportFigures> {
  const token = await adminAccessToken(stack);
  const auth = { Authorization: `Bearer ${token}` };
  const statsResponse = await fetch(`${stack.apiUrl}/api/users/stats`, { headers: auth });
  if (!statsResponse.ok) throw new Error(`GET /api/users/stats: HTTP ${statsResponse.status}`);
  const members = ((await statsResponse.json()) as UserStats).total;
  const expectedHeader = `\ufeff${EXPORT_HEADER.join(',')}\n`;

  const exportOnce = async (): Promise<{ ms: number; records: number; bytes: number }> => {
    const started = performance.now();
    const ticket = await fetch(`${stack.apiUrl}/api/users/export`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (ticket.status !== 201) throw new Error(`POST /api/users/export: HTTP ${ticket.status}`);
    const { url } = (await ticket.json()) as ExportMembersResponse;
    const file = await fetch(`${stack.apiUrl}${url}`);
    if (!file.ok || !file.body) throw new Error(`GET ${url}: HTTP ${file.status}`);
    const { records, bytes, head } = await readCsv(file.body);
    const ms = performance.now() - started;
    if (!head.startsWith(expectedHeader))
      throw new Error(`The export does not start with its header: ${JSON.stringify(head.slice(0, 80))}`);
    if (records !== members + 1) throw new Error(`The export has ${records} records, expected ${members} members + the header`);
    return { ms, records, bytes };
  };

  const monitor = rssMonitor(stack.pid);
  const before = processMemory(stack.pid).rss;
  monitor.start();
  const results: Array<{ ms: number; records: number; bytes: number }> = [];
  let memory: { peak: number; hwm: number | null };
  try {
    for (let i = 0; i < runs; i += 1) results.push(await exportOnce());
  } finally {
    memory = monitor.stop();
  }
  const times = results.map((r) => r.ms);
  const first = results[0] ?? { records: 0, bytes: 0 };
  const highest = Math.max(memory.peak, memory.hwm ?? 0);
  log(
    `  export of ${members.toLocaleString('en-US')} members (${round(first.bytes / MB)} MB): ${times.map((t) => t.toFixed(0)).join(', ')} ms; ` +
      `API RSS ${round(before / MB)} MB before, ${round(memory.peak / MB)} MB peak sampled` +
      (memory.hwm === null ? '' : `, ${round(memory.hwm / MB)} MB kernel high-water mark`),
  );
  return {
    export_members: members,
    export_csv_rows: first.records,
    export_csv_mb: round(first.bytes / MB),
    export_runs: results.length,
    export_csv_ms_median: round(percentile(times, 50)),
    export_csv_ms_min: round(Math.min(...times)),
    export_csv_ms_max: round(Math.max(...times)),
    export_api_rss_before_mb: round(before / MB),
    export_api_rss_peak_mb: round(memory.peak / MB),
    export_api_rss_growth_mb: round((highest - before) / MB),
    ...(memory.hwm === null ? {} : { export_api_rss_hwm_mb: round(memory.hwm / MB) }),
  };
}
