import { rmSync } from 'node:fs';
import { buildFolderOf } from './production-build';

/** Vitest global setup of the unit project: its teardown removes the run's shared build, if one was made. */
export default function setup(): () => void {
  return () => rmSync(buildFolderOf(process.pid), { recursive: true, force: true });
}
