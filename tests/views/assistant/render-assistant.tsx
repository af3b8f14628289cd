/**
 * Renders the Assistant as the app does: the ChatProvider (shell level) around the screen, inside
 * Chakra and the machines context, with the chat machine's `ask` actor replaced by a test double.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { useState } from 'react';
import type { InspectionEvent } from 'xstate';
import { chatMachine, type ChatMachine } from '../../../src/machines/chat';
import { MachinesProvider, type AppActors } from '../../../src/views/app/machinesContext';
import { AssistantScreen } from '../../../src/views/assistant/AssistantScreen';
import { ChatProvider } from '../../../src/views/assistant/ChatProvider';
import { getSystem } from '../../../src/views/theme/system';
import type { ActorsOf } from '../../support/model';

/** The Assistant reads no app-level actor; any read fails the test loudly. */
const noAppActors = new Proxy({} as AppActors, {
  get(_target, key) {
    throw new Error(`The Assistant should not read app actor "${String(key)}"`);
  },
});

export interface RenderAssistantOptions {
  /** The `ask` actor's double (deferred fakes from tests/support/model). */
  actors: ActorsOf<ChatMachine>;
  inspect?: (event: InspectionEvent) => void;
  /** The machine's named delays (controlled ones from tests/support/model), when a test fires them. */
  delays?: { retryAfter: number };
}

/**
 * `showScreen(false)` models navigating to another route (the screen unmounts, the shell stays);
 * `signOut()` models the signed-in shell unmounting.
 */
export function renderAssistant({ actors, inspect, delays }: RenderAssistantOptions) {
  const controls: { showScreen: (show: boolean) => void; signOut: (out: boolean) => void } = {
    showScreen: () => undefined,
    signOut: () => undefined,
  };
  function Shell() {
    const [show, setShow] = useState(true);
    const [signedOut, setSignedOut] = useState(false);
    controls.showScreen = setShow;
    controls.signOut = setSignedOut;
    if (signedOut) return <p>Signed out</p>;
    return <ChatProvider>{show ? <AssistantScreen /> : <p>Another screen</p>}</ChatProvider>;
  }
  const machine = chatMachine.provide({ actors, ...(delays ? { delays } : {}) });
  const result = render(
    <ChakraProvider value={getSystem()}>
      <MachinesProvider machines={{ chat: machine }} actors={noAppActors} {...(inspect ? { inspect } : {})}>
        <Shell />
      </MachinesProvider>
    </ChakraProvider>,
  );
  return { ...result, controls };
}
