import { Button, Dialog } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  selectCancelNowConsequence,
  selectCancelNowQuestion,
  type SubscriptionActorRef,
  subscriptionIntents,
} from '../../machines/subscription';
import { BusyDialog } from '../shared/BusyDialog';
import { useIntents } from '../shared/useIntents';

/**
 * 'Cancel Now' asks first (it ends the subscription at once): an alert dialog over the Manage
 * Subscription modal while the subscription machine is in `confirmingCancel`. 'Keep subscription'
 * (or Escape) goes back with nothing sent; 'Yes, cancel now' sends the cancellation the modal asked
 * for.
 */
export function CancelNowDialog({ actorRef }: { actorRef: SubscriptionActorRef }) {
  const question = useSelector(actorRef, selectCancelNowQuestion);
  const consequence = useSelector(actorRef, selectCancelNowConsequence);
  const { keep, confirmCancelNow } = useIntents(subscriptionIntents, actorRef);
  return (
    <BusyDialog busy={false} onClose={keep} role="alertdialog" size="sm">
      <Dialog.Header>
        <Dialog.Title>{question}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Dialog.Description>{consequence}</Dialog.Description>
      </Dialog.Body>
      <Dialog.Footer>
        {/* The dialog focuses the safe answer first (Ark reads data-autofocus), so Enter does not cancel by accident. */}
        <Button variant="outline" onClick={keep} data-autofocus>
          Keep subscription
        </Button>
        <Button colorPalette="red" onClick={confirmCancelNow}>
          Yes, cancel now
        </Button>
      </Dialog.Footer>
    </BusyDialog>
  );
}
