/**
 * A round-robin HTTP balancer for the local stack's API processes (`apiProcesses: 2`): each request,
 * not each connection, goes to the next process in turn, so one console page's requests alternate
 * between them. It adds `X-Api-Process: <n>` (1-based) to every answer, so a test can see who
 * answered. Bodies stream both ways; a process that does not answer is a 502 for that request,
 * which carries the API's CORS answer for the console's origin (`webOrigin`), so the console can read
 * it and say the server did not answer, rather than see a network error.
 * A real deployment puts its own load balancer here (docs/DEPLOYMENT.md has an nginx example).
 */
import { Agent, createServer, request, type Server } from 'node:http';

export interface Balancer {
  url: string;
  /** Requests each process has been given, in order of `backends`. */
  readonly served: readonly number[];
  close(): Promise<void>;
}

export interface BalancerOptions {
  port: number;
  backends: readonly string[];
  /** The console's origin, the one the API allows (server/core/app.ts): the balancer's own 502 allows it too. */
  webOrigin?: string;
}

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const backends = options.backends.map((url) => new URL(url));
  if (backends.length === 0) throw new Error('A balancer needs at least one backend');
  const served = backends.map(() => 0);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % backends.length;
    served[index] = (served[index] ?? 0) + 1;
    const backend = backends[index] as URL;
    // A request without a body can be sent again. A kept-alive socket the process closed just as a
    // request was written on it (its keep-alive timeout, after a quiet spell) resets: that request
    // goes once more on a fresh connection rather than failing as a 502.
    const replayable = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
    const send = (retried: boolean) => {
      const forward = request(
        {
          hostname: backend.hostname,
          port: backend.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent: retried ? false : agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-api-process': String(index + 1) });
          answer.pipe(res);
        },
      );
      forward.on('error', (error) => {
        if (!retried && replayable && forward.reusedSocket && !res.headersSent) {
          send(true);
          return;
        }
        if (res.headersSent) {
          res.destroy(error);
          return;
        }
        const origin = req.headers.origin;
        const cors = origin !== undefined && origin === options.webOrigin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
        res.writeHead(502, { 'content-type': 'application/json', 'x-api-process': String(index + 1), ...cors });
        res.end(JSON.stringify({ message: `API process ${index + 1} did not answer: ${error.message}` }));
      });
      if (replayable) forward.end();
      else req.pipe(forward);
    };
    send(false);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
