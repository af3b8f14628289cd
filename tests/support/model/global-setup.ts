import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** Every model run starts without reports, so a report can only come from this run. */
export default function setup(): void {
  rmSync(join(process.cwd(), 'reports', 'model'), { recursive: true, force: true });
}
