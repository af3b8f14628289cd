import { launchSharedStack, STACK_ENV } from './stack-handle';

/**
 * Playwright globalSetup of `npm run test:e2e:processes` (playwright.processes.config.ts): the local
 * stack with the API as two production processes behind a round-robin balancer, on the PostgreSQL
 * server scripts/test/postgres.ts started for the run (TEST_DATABASE_URL), so the console's requests
 * alternate between them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const databaseUrl = process.env['TEST_DATABASE_URL'];
  if (!databaseUrl) throw new Error('Two API processes need PostgreSQL: run `npm run test:e2e:processes` (it starts one).');
  const started = Date.now();
  const running = await launchSharedStack({ apiProcesses: 2, databaseUrl });
  process.env[STACK_ENV] = JSON.stringify(running.descriptor);
  console.log(
    `[e2e] local stack with two API processes up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${running.descriptor.webUrl}`,
  );
  return async () => {
    await running.stop();
  };
}
