/**
 * The in-app statechart inspector of `npm run dev` with `?inspect` (`?inspect=stately` attaches
 * Stately's inspector instead): a side panel, in a React root of its own beside the console's, that
 * lists the running actors, draws the selected machine's statechart with Mermaid (bundled, fetched
 * on first use) and logs events without their secrets. Needs nothing beyond localhost.
 *
 * Development only: src/main.tsx imports this module dynamically behind `import.meta.env.DEV`, so
 * the production build carries none of it (scripts/build/scan-build.ts and scripts/build/bundle-size.ts check).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { getCoreSystem } from '../../views/theme/core';
import { drawWithMermaid } from './draw';
import { InspectorPanel } from './InspectorPanel';
import { createInspectorRecorder } from './recorder';

/** The id of the panel's host element (also what the production-build checks look for). */
const INSPECTOR_HOST_ID = 'hardline-dev-inspector';

/** Mounts the panel and returns the observer to pass as XState's `inspect` option. */
export function startDevInspector(): (event: InspectionEvent) => void {
  const recorder = createInspectorRecorder();
  const host = document.createElement('div');
  host.id = INSPECTOR_HOST_ID;
  document.body.append(host);
  createRoot(host).render(
    <ChakraProvider value={getCoreSystem()}>
      <InspectorPanel recorder={recorder} draw={drawWithMermaid} />
    </ChakraProvider>,
  );
  return recorder.inspect;
}
