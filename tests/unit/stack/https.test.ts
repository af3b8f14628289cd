// @vitest-environment node
/**
 * The local stack's HTTPS (scripts/stack/tls.ts, vite.config.ts's preview): the console served over
 * HTTPS and HTTP/2 as a deployment serves it, with a certificate of the stack's own for 127.0.0.1
 * that a client trusts alone (the bench's Chromium by its key's hash). And the stack's command line.
 */
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import { parseStackArgs, startStack } from '../../../scripts/stack';
import { localCertificate, spkiHash } from '../../../scripts/stack/tls';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hardline-tls-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;

/** GET `path` over HTTP/2 trusting `ca` alone: the status, the body and the protocol agreed (ALPN). */
async function getOverH2(origin: string, path: string, ca: string): Promise<{ status: number; body: string; alpn: string | undefined }> {
  const session: ClientHttp2Session = connect(origin, { ca });
  try {
    return await new Promise((resolve, reject) => {
      session.once('error', reject);
      const req = session.request({ ':path': path });
      let status = 0;
      let body = '';
      req.setEncoding('utf8');
      req.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => resolve({ status, body, alpn: session.alpnProtocol }));
      req.on('error', reject);
      req.end();
    });
  } finally {
    session.close();
  }
}

describe("the local stack's certificate", () => {
  it('is made once for the address 127.0.0.1, kept, and its key hash is what Chromium is given', () => {
    const first = localCertificate(dir);
    const cert = new X509Certificate(first.cert);
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkIP('10.0.0.1')).toBeUndefined();
    expect(Date.parse(cert.validTo) - Date.now()).toBeGreaterThan(20 * DAY);
    expect(first.spki).toBe(spkiHash(first.cert));
    expect(first.spki).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // A second stack on the same data keeps it (a browser that trusted it still does).
    expect(localCertificate(dir).spki).toBe(first.spki);
  });

  it('is made again when near its end, or unreadable', () => {
    const first = localCertificate(dir);
    const later = localCertificate(dir, Date.now() + 40 * DAY);
    expect(later.spki).not.toBe(first.spki);
    writeFileSync(later.certFile, 'not a certificate');
    const again = localCertificate(dir);
    expect(again.spki).not.toBe(later.spki);
    expect(new X509Certificate(again.cert).checkIP('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('the console served over HTTPS', { timeout: 60_000 }, () => {
  let server: PreviewServer | undefined;
  const saved = { key: process.env.HARDLINE_PREVIEW_TLS_KEY, cert: process.env.HARDLINE_PREVIEW_TLS_CERT };
  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const [name, value] of [
      ['HARDLINE_PREVIEW_TLS_KEY', saved.key],
      ['HARDLINE_PREVIEW_TLS_CERT', saved.cert],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("speaks HTTP/2 with the project's preview settings and the stack's certificate, trusted alone", async () => {
    const tls = localCertificate(join(dir, 'tls'));
    const outDir = join(dir, 'web');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), '<!doctype html><title>Hardline</title>');
    process.env.HARDLINE_PREVIEW_TLS_KEY = tls.keyFile;
    process.env.HARDLINE_PREVIEW_TLS_CERT = tls.certFile;
    server = await preview({ configFile: 'vite.config.ts', logLevel: 'silent', build: { outDir }, preview: { port: 0 } });
    const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const answer = await getOverH2(origin, '/', tls.cert);
    expect(answer.alpn).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>Hardline</title>');

    // Another certificate for the same address is not trusted in its place.
    const other = localCertificate(join(dir, 'other'));
    await expect(getOverH2(origin, '/', other.cert)).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
  });
});

describe("the stack's command line", () => {
  it('takes --https and --api-processes <n>, and names every option when one is unknown', () => {
    expect(parseStackArgs(['--https'])).toMatchObject({ mode: 'preview', https: true });
    expect(parseStackArgs(['--reset', '--api-processes', '2'])).toMatchObject({ reset: true, apiProcesses: 2 });
    expect(parseStackArgs(['--api-processes=3'])).toMatchObject({ apiProcesses: 3 });
    expect(() => parseStackArgs(['--api-processes', '0'])).toThrow('--api-processes needs a whole number of at least 1');
    expect(() => parseStackArgs(['--http2'])).toThrow(/Unknown option --http2\. Options: .*--https.*--api-processes <n>/);
  });

  it('refuses --https without the built console before it starts anything', async () => {
    await expect(startStack({ https: true, mode: 'dev', dataDir: dir, quiet: true })).rejects.toThrow(
      '--https serves the built console: it cannot be combined with --dev or --no-web',
    );
    await expect(startStack({ https: true, mode: 'none', dataDir: dir, quiet: true })).rejects.toThrow('--https');
  });
});
