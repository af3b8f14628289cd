/**
 * A real HTTP server on 127.0.0.1 (port 0) for the API client tests: each test sets `handle`,
 * and every request it receives is recorded with its parsed body.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  handle: Handler;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * A gate a handler (or a double) waits at until the test opens it: the test decides when an answer
 * goes out, instead of a fixed delay that a busy machine can outrun or fall behind.
 */
export interface Gate {
  /** Resolves once the gate is open (at once if it already is). */
  readonly passed: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open: () => open() };
}

export { nextTurn } from '../../support/turn';

export async function startTestServer(): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const state: { handle: Handler } = { handle: (_req, res) => sendJson(res, 404, { message: 'no handler' }) };
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      void Promise.resolve(state.handle(recorded, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 599, { message: String(error) });
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get handle() {
      return state.handle;
    },
    set handle(handler: Handler) {
      state.handle = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
