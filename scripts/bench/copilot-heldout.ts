/**
 * The Assistant's held-out bank (questions written by someone who never saw the parser,
 * docs/ASSISTANT.md): seeds the local stack's organisation with the clock pinned, asks every
 * question of tests/server/copilot-heldout.bank.ts over HTTP as the seeded administrator, prints
 * the scores per family and in total with every failure, and writes reports/copilot-heldout.json.
 *
 *   npx tsx scripts/bench/copilot-heldout.ts
 *
 * TEST_DATABASE_URL (as the server tests) runs it on PostgreSQL instead of PGlite.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHeldoutOrg } from '../../tests/server/copilot-heldout.org';
import { formatHeldoutReport, runHeldout } from '../../tests/server/copilot-heldout.run';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'reports', 'copilot-heldout.json');

const started = performance.now();
const org = await startHeldoutOrg();
try {
  const report = await runHeldout(org);
  console.log(formatHeldoutReport(report));
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${OUT} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await org.close();
}
