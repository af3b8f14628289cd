import { createServer } from 'node:net';

/** A port nobody listens on right now (bound to 127.0.0.1, port 0, then released). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the port of a listening socket'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/** Several distinct free ports. */
export async function findFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await findFreePort());
  return [...ports];
}
