/**
 * The served build behaves like a production CDN (scripts/build/cdn.ts, issue 17): hashed assets are
 * immutable for a year and sent brotli- or gzip-compressed as the browser accepts, HTML is
 * `no-cache`. Read with Node's HTTP client, which shows the raw encoding the server chose.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '../support/e2e/fixtures';

function get(url: string, headers: Record<string, string>): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolvePromise({ res, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test('hashed assets are immutable and compressed; HTML is no-cache', async ({ stack }) => {
  const html = await get(`${stack.webUrl}/login`, { 'accept-encoding': 'identity' });
  expect(html.res.headers['cache-control']).toBe('no-cache');
  expect(html.res.headers['content-type']).toMatch(/^text\/html/);
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html.body.toString('utf8'))?.[1];
  expect(script, 'the login page loads a hashed script').toBeDefined();
  const url = `${stack.webUrl}${script ?? ''}`;

  const plain = await get(url, { 'accept-encoding': 'identity' });
  expect(plain.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(plain.res.headers['content-encoding']).toBeUndefined();

  const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.res.headers['content-encoding']).toBe('br');
  expect(br.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.res.headers.vary).toMatch(/Accept-Encoding/i);
  expect(br.res.headers['content-type']).toMatch(/^text\/javascript/);
  expect(br.res.headers['x-content-type-options']).toBe('nosniff');
  expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.body.length / 2);

  const gzip = await get(url, { 'accept-encoding': 'gzip' });
  expect(gzip.res.headers['content-encoding']).toBe('gzip');
  expect(gzip.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

  // A missing asset is not cached for a year.
  const missing = await get(`${stack.webUrl}/assets/nothing-here.js`, { 'accept-encoding': 'br' });
  expect(missing.res.headers['content-encoding']).toBeUndefined();
  expect(missing.res.headers['cache-control']).not.toMatch(/immutable/);
});
