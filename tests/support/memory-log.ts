/** The API's logger (server/core/log.ts) writing into memory: each JSON line as text and as an object. */
import { Writable } from 'node:stream';
import { createLogger } from '../../server/core/log';

export function memoryLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    log: createLogger({ level: 'info', destination }),
    lines,
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
