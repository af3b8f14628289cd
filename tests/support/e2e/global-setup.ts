import { launchSharedStack, STACK_ENV } from './stack-handle';

/**
 * Playwright globalSetup: one local stack per run (fresh data, free ports, one `vite build`),
 * published to the workers through E2E_STACK. The returned function is the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const running = await launchSharedStack();
  process.env[STACK_ENV] = JSON.stringify(running.descriptor);
  console.log(`[e2e] local stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${running.descriptor.webUrl}`);
  return async () => {
    await running.stop();
  };
}
