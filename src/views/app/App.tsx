import { Box, ChakraProvider, Flex } from '@chakra-ui/react';
import { Suspense, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import type { MachineSourceMap } from '../../machines/registry';
import { FrameFirst, ShellOnScreen } from '../shared/FrameFirst';
import { LoadingState } from '../shared/LoadingState';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { getCoreSystem } from '../theme/core';
import { Gate } from './Gate';
import { MachinesProvider, type AppActors, type Inspector } from './machinesContext';
import { preloadable } from './preloadable';

/**
 * The signed-in console (layout, routes, the Assistant's conversation, the toaster) is a chunk of
 * its own: the JavaScript a visitor downloads before /login is usable holds the login path only.
 * The Chakra recipes only the console uses come with it (fetched side by side) and are added to
 * the system before it renders.
 */
const signedInApp = preloadable(() =>
  Promise.all([import('./SignedInApp'), import('../theme/system').then(({ addConsoleRecipes }) => addConsoleRecipes())]).then(
    ([signedIn]) => signedIn,
  ),
);

/**
 * The signed-in console's chunk (with its recipes added), once here: consoleReady waits for it, and
 * prefetchScreen starts it ahead of need (prefetch.ts). Safe to call any number of times.
 */
export function loadSignedInApp(): Promise<unknown> {
  return signedInApp.load();
}

function SignedInApp() {
  const { SignedInApp: Console } = signedInApp.use();
  return <Console />;
}

/**
 * The frame of the signed-in layout (sidebar, header bar, main) while its chunk arrives: the same
 * boxes in the same places, so nothing moves when the console replaces it.
 */
function SignedInAppPlaceholder() {
  return (
    <Flex minH="100dvh" data-testid="signed-in-placeholder">
      <Box w="64" flexShrink={0} bg="bg" borderRightWidth="1px" display={{ base: 'none', lg: 'block' }} />
      <Flex direction="column" flex="1" minW="0">
        <Box h={{ base: '4.5rem', md: '5.25rem' }} bg="bg" borderBottomWidth="1px" />
        <Box flex="1" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} maxW="7xl" w="full" mx="auto">
          <LoadingState label="Loading..." />
        </Box>
      </Flex>
    </Flex>
  );
}

/**
 * The signed-in console once its chunk is here; a chunk that fails to arrive shows the error page.
 * Its frame is painted first and the console rendered after it, in slices (FrameFirst): rendered the
 * moment the session is confirmed, the console was one long task.
 */
function SignedIn() {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={<SignedInAppPlaceholder />}>
        <FrameFirst frame={<SignedInAppPlaceholder />}>
          <SignedInApp />
        </FrameFirst>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export interface AppProps {
  /** Per registry key, the machine logic or its loader (src/machines/registry.ts). */
  machines: MachineSourceMap;
  actors: AppActors;
  inspect?: Inspector;
  /**
   * The page holds the console's prerendered shell (scripts/build/prerender.ts), which this render
   * replaces in one commit: the console renders at once, without first painting its bare frame.
   */
  shell?: boolean;
  /** Called when the first render has been committed (the shell has been replaced: the root turns live). */
  onLive?: () => void;
}

/** Renders nothing; calls `onLive` once its commit has landed. */
function LiveSignal({ onLive }: { onLive: () => void }) {
  useLayoutEffect(() => onLive(), [onLive]);
  return null;
}

export function App({ machines, actors, inspect, shell = false, onLive }: AppProps) {
  return (
    <ChakraProvider value={getCoreSystem()}>
      <MachinesProvider machines={machines} actors={actors} inspect={inspect}>
        {onLive ? <LiveSignal onLive={onLive} /> : null}
        <ShellOnScreen.Provider value={shell}>
          <Gate>
            <SignedIn />
          </Gate>
        </ShellOnScreen.Provider>
      </MachinesProvider>
    </ChakraProvider>
  );
}
