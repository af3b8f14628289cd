/**
 * The local stack's balancer (scripts/stack/balancer.ts) and a process that closes a kept-alive
 * connection just as a request is written on it: a request without a body is sent again on a fresh
 * connection instead of failing as a 502 (which a browser would report as a CORS error on a
 * preflight). The race is made certain here: the process drops the second request on a connection.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../../scripts/stack/balancer';

let backend: Server | null = null;
let balancer: Balancer | null = null;
afterEach(async () => {
  await balancer?.close();
  await new Promise<void>((resolve) => (backend ? backend.close(() => resolve()) : resolve()));
  backend?.closeAllConnections();
});

/** A process that answers the first request on each connection and drops the connection at the second. */
async function droppingProcess(): Promise<string> {
  const seen = new WeakMap<object, number>();
  backend = createServer((req, res) => {
    const count = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, count);
    if (count > 1) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`${req.method} ok`);
  });
  await new Promise<void>((resolve) => backend?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
}

describe('the balancer and a kept-alive connection the process closes', () => {
  it('sends a GET or a preflight again on a fresh connection', async () => {
    balancer = await startBalancer({ port: 0, backends: [await droppingProcess()] });
    for (const method of ['GET', 'OPTIONS', 'GET']) {
      const answer = await fetch(`${balancer.url}/api/me`, { method });
      expect(answer.status, `${method} after a reused connection reset`).toBe(200);
      expect(await answer.text()).toBe(`${method} ok`);
    }
  });

  it('does not send a request with a body twice: it is a 502', async () => {
    balancer = await startBalancer({ port: 0, backends: [await droppingProcess()] });
    expect((await fetch(`${balancer.url}/api/me`)).status).toBe(200);
    const answer = await fetch(`${balancer.url}/api/users`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(502);
  });
});

describe("the balancer's own 502", () => {
  /** A process that has stopped: nothing listens on its port any more. */
  async function stoppedProcess(): Promise<string> {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    return url;
  }

  it("allows the console's origin, as the API does, so the console reads the 502 instead of a network error; no other origin", async () => {
    const consoleOrigin = 'https://127.0.0.1:5173';
    balancer = await startBalancer({ port: 0, backends: [await stoppedProcess()], webOrigin: consoleOrigin });
    const answer = await fetch(`${balancer.url}/api/users`, { method: 'POST', body: '{}', headers: { origin: consoleOrigin } });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    expect(answer.headers.get('vary')).toBe('Origin');
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/^API process 1 did not answer: /) });

    const elsewhere = await fetch(`${balancer.url}/api/users`, { headers: { origin: 'https://evil.example' } });
    expect(elsewhere.status).toBe(502);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});
