/**
 * The two-factor sign-in dialog, opened from the account menu (./AccountMenu.tsx). A chunk of its
 * own, with the QR code encoder: neither /login nor the signed-in shell carries them. The dialog's
 * frame shows at once; the two-factor machine (a chunk of the machine registry) arrives under its
 * Suspense boundary, and runs for as long as the dialog is open.
 */
import { Button, CloseButton, Dialog, HStack, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { selectIsPending } from '../../machines/twoFactor';
import { useScreenActor } from '../app/machinesContext';
import { BusyDialog } from '../shared/BusyDialog';
import { TwoFactorPanel } from './TwoFactorPanel';

/** The machine's code could not be fetched: said in the dialog, with a way to try again. */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Dialog.Body display="flex" flexDirection="column" gap="4" alignItems="flex-start">
        <Text role="alert">Two-factor sign-in cannot be shown right now. Check your connection and try again.</Text>
        <Button size="sm" variant="outline" onClick={() => this.setState({ failed: false })}>
          Try again
        </Button>
      </Dialog.Body>
    );
  }
}

function TwoFactorContent({ onBusyChange, onClose }: { onBusyChange: (busy: boolean) => void; onClose: () => void }) {
  const actor = useScreenActor('twoFactor');
  const busy = useSelector(actor, selectIsPending);
  // The frame outside the Suspense boundary keeps the dialog open while a request is in flight.
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  return <TwoFactorPanel actor={actor} onClose={onClose} />;
}

export function TwoFactorDialog({ onClose }: { onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <BusyDialog busy={busy} onClose={onClose}>
      <Dialog.Header>
        <Dialog.Title>Two-factor sign-in</Dialog.Title>
      </Dialog.Header>
      <PanelBoundary>
        <Suspense
          fallback={
            <Dialog.Body>
              <HStack role="status" gap="3" color="fg.muted">
                <Spinner size="sm" />
                <Text>Checking two-factor sign-in...</Text>
              </HStack>
            </Dialog.Body>
          }
        >
          <TwoFactorContent onBusyChange={setBusy} onClose={onClose} />
        </Suspense>
      </PanelBoundary>
      <Dialog.CloseTrigger asChild disabled={busy}>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </BusyDialog>
  );
}
