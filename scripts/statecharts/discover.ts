/**
 * Machine discovery shared by `npm run statecharts` and the model coverage check:
 * every `<machinesDir>/<folder>/index.ts` export named `...Machine` that is an XState machine.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export interface DiscoveredMachine {
  id: string;
  exportName: string;
  folder: string;
  /** Repo-relative path of the file that defines the machine (for the visualiser hint). */
  sourceFile: string;
  machine: AnyStateMachine;
}

function isStateMachine(value: unknown): value is AnyStateMachine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.root === 'object' &&
    typeof v.getInitialSnapshot === 'function' &&
    typeof v.transition === 'function' &&
    typeof v.provide === 'function'
  );
}

export async function discoverMachines(machinesDir: string, repoRoot = process.cwd()): Promise<DiscoveredMachine[]> {
  const dir = resolve(repoRoot, machinesDir);
  if (!existsSync(dir)) return [];
  const found: DiscoveredMachine[] = [];
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const index = join(dir, folder, 'index.ts');
    if (!existsSync(index)) continue;
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pathToFileURL(index).href)) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`Cannot load ${relative(repoRoot, index)}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    const files = readdirSync(join(dir, folder)).sort();
    for (const exportName of Object.keys(mod).sort()) {
      const value = mod[exportName];
      if (!exportName.endsWith('Machine') || !isStateMachine(value)) continue;
      const guess = files.find((f) => f.toLowerCase() === `${exportName.toLowerCase()}.ts`) ?? files.find((f) => /Machine\.ts$/.test(f));
      found.push({
        id: value.id,
        exportName,
        folder,
        sourceFile: relative(repoRoot, join(dir, folder, guess ?? 'index.ts'))
          .split('\\')
          .join('/'),
        machine: value,
      });
    }
  }
  const ids = new Map<string, string>();
  for (const m of found) {
    const other = ids.get(m.id);
    if (other) throw new Error(`Two machines share the id "${m.id}" (${other} and ${m.folder}/${m.exportName}); ids must be unique.`);
    ids.set(m.id, `${m.folder}/${m.exportName}`);
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}
