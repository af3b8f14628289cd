import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Portal,
  RadioCard,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Suspense, useState, type ComponentProps } from 'react';
import { LIMITS, isNearLimit } from '../../domain/limits';
import { formatCents } from '../../domain/money';
import { PLANS, PLAN_LIST, isPlanType } from '../../domain/plans';
import {
  selectChosenPlan,
  selectError,
  selectHasSubscription,
  selectIsBusy,
  selectIsCancellationScheduled,
  selectIsReactivating,
  selectIsConfirmingCancel,
  selectIsPaymentRequired,
  selectIsPreviewing,
  selectIsSucceeded,
  selectIsUpdating,
  selectPaymentRef,
  selectPreviewText,
  selectReasonError,
  selectScheduledChange,
  selectSubscription,
  selectSuccessMessage,
  selectTrialDaysRemaining,
  selectUserName,
  type SubscriptionActorRef,
  subscriptionIntents,
} from '../../machines/subscription';
import { selectIsBusy as selectIsPaymentBusy, selectIsLoadingStripe } from '../../machines/payment';
import { preloadable } from '../app/preloadable';
import type { PaymentStep } from './PaymentStep';
import { LoadingState } from '../shared/LoadingState';
import { statusColor } from './status';
import { Banner } from '../shared/Banner';
import { CharacterCount } from '../shared/CharacterCount';
import { CancelNowDialog } from './CancelNowDialog';
import { useIntents } from '../shared/useIntents';

/**
 * The payment step brings Stripe's React components: a chunk of its own, fetched only when the step
 * opens, and read with `use` like the screens (src/views/app/preloadable.ts).
 */
const paymentStep = preloadable(() => import('./PaymentStep'));

function LoadedPaymentStep(props: ComponentProps<typeof PaymentStep>) {
  const { PaymentStep: Loaded } = paymentStep.use();
  return <Loaded {...props} />;
}

function CurrentStatus({ actorRef }: { actorRef: SubscriptionActorRef }) {
  const subscription = useSelector(actorRef, selectSubscription);
  const trialDays = useSelector(actorRef, selectTrialDaysRemaining);
  const scheduledChange = useSelector(actorRef, selectScheduledChange);
  return (
    <Stack gap="2" p="4" borderWidth="1px" borderRadius="md" bg="bg.subtle" data-testid="current-status">
      <HStack justify="space-between">
        <Text color="fg.muted">Current plan</Text>
        <Text fontWeight="medium">{subscription ? PLANS[subscription.planType].name : 'None'}</Text>
      </HStack>
      <HStack justify="space-between">
        <Text color="fg.muted">Status</Text>
        {subscription ? (
          <Badge colorPalette={statusColor(subscription.status)}>{subscription.status}</Badge>
        ) : (
          <Text>No active subscription</Text>
        )}
      </HStack>
      {trialDays > 0 ? (
        <HStack justify="space-between">
          <Text color="fg.muted">Trial days remaining</Text>
          <Text fontWeight="medium">{trialDays}</Text>
        </HStack>
      ) : null}
      {scheduledChange ? <Text color="fg.muted">{scheduledChange}</Text> : null}
      {subscription?.cancelAtPeriodEnd ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>Scheduled for cancellation at period end</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

/** What the chosen plan would do, before anything is charged (announced as it appears). */
function PricePreview({ actorRef }: { actorRef: SubscriptionActorRef }) {
  const previewing = useSelector(actorRef, selectIsPreviewing);
  const text = useSelector(actorRef, selectPreviewText);
  return (
    <Box role="note" aria-label="Price preview" aria-live="polite" aria-busy={previewing}>
      {previewing ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>Checking the price...</Text>
        </HStack>
      ) : text ? (
        <Text p="3" borderWidth="1px" borderRadius="md" bg="bg.subtle" fontWeight="medium">
          {text}
        </Text>
      ) : null}
    </Box>
  );
}

function Controls({ actorRef }: { actorRef: SubscriptionActorRef }) {
  const plan = useSelector(actorRef, selectChosenPlan);
  const busy = useSelector(actorRef, selectIsBusy);
  const previewing = useSelector(actorRef, selectIsPreviewing);
  const updating = useSelector(actorRef, selectIsUpdating);
  const succeeded = useSelector(actorRef, selectIsSucceeded);
  const hasSubscription = useSelector(actorRef, selectHasSubscription);
  const scheduled = useSelector(actorRef, selectIsCancellationScheduled);
  const reactivating = useSelector(actorRef, selectIsReactivating);
  const reasonError = useSelector(actorRef, selectReasonError);
  const intents = useIntents(subscriptionIntents, actorRef);
  const [reason, setReason] = useState('');
  // While a price is being checked, another plan can be chosen or the subscription canceled (the
  // check is dropped); only 'Update Subscription' waits for the price.
  const disabled = (busy && !previewing) || succeeded;

  return (
    <Stack gap="5">
      <RadioCard.Root
        value={plan}
        onValueChange={(details) => {
          if (isPlanType(details.value)) intents.choosePlan(details.value);
        }}
        disabled={disabled}
        colorPalette="brand"
      >
        <RadioCard.Label>Plan</RadioCard.Label>
        <HStack align="stretch" gap="3">
          {PLAN_LIST.map((option) => (
            <RadioCard.Item key={option.id} value={option.id} flex="1">
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{option.name}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>{`${formatCents(option.priceCents)}/mo`}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </HStack>
      </RadioCard.Root>

      <PricePreview actorRef={actorRef} />

      <Button colorPalette="brand" onClick={intents.update} disabled={disabled || previewing} loading={updating} loadingText="Updating...">
        Update Subscription
      </Button>

      {hasSubscription ? (
        <Stack gap="3" pt="4" borderTopWidth="1px">
          {scheduled ? null : (
            <Field.Root disabled={disabled} invalid={reasonError !== null}>
              <Field.Label>Cancellation reason (optional)</Field.Label>
              <Textarea
                rows={2}
                maxLength={LIMITS.cancellationReason}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                resize="vertical"
              />
              {isNearLimit(reason.length, LIMITS.cancellationReason) ? (
                <Field.HelperText>
                  <CharacterCount length={reason.length} max={LIMITS.cancellationReason} />
                </Field.HelperText>
              ) : null}
              <Field.ErrorText role="alert">{reasonError}</Field.ErrorText>
            </Field.Root>
          )}
          <HStack gap="3" wrap="wrap">
            {scheduled ? (
              <Button
                variant="outline"
                colorPalette="green"
                onClick={intents.reactivate}
                disabled={disabled}
                loading={reactivating}
                loadingText="Reactivating..."
              >
                Reactivate
              </Button>
            ) : (
              <>
                <Button variant="outline" colorPalette="orange" onClick={() => intents.cancelAtPeriodEnd(reason)} disabled={disabled}>
                  Cancel at Period End
                </Button>
                <Button variant="outline" colorPalette="red" onClick={() => intents.cancelNow(reason)} disabled={disabled}>
                  Cancel Now
                </Button>
              </>
            )}
          </HStack>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The Manage Subscription modal (SPEC §2, §4), driven by the subscription machine. */
export function ManageSubscriptionDialog({ actorRef, onClose }: { actorRef: SubscriptionActorRef; onClose: () => void }) {
  const userName = useSelector(actorRef, selectUserName);
  const successMessage = useSelector(actorRef, selectSuccessMessage);
  const error = useSelector(actorRef, selectError);
  const paymentRequired = useSelector(actorRef, selectIsPaymentRequired);
  const paymentRef = useSelector(actorRef, selectPaymentRef);
  const confirmingCancel = useSelector(actorRef, selectIsConfirmingCancel);
  const { cancelPayment } = useIntents(subscriptionIntents, actorRef);
  // While a change is on its way (an update, a cancellation, the card being confirmed and the
  // subscription completed), the modal stays: closing it stopped the machines mid-change, and a
  // card confirmed at Stripe was saved without the plan it was for.
  const changing = useSelector(actorRef, selectIsBusy);
  // Loading Stripe.js is not a change: the modal can still be closed meanwhile.
  const paying = useSelector(paymentRef, (snapshot) =>
    snapshot ? selectIsPaymentBusy(snapshot) && !selectIsLoadingStripe(snapshot) : false,
  );
  const busy = changing || paying;

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      size="md"
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{`Manage Subscription - ${userName}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <CurrentStatus actorRef={actorRef} />
                <Banner status="success" message={successMessage} />
                <Banner status="error" message={error} />
                {paymentRequired && paymentRef ? (
                  <Suspense fallback={<LoadingState label="Loading payment form..." />}>
                    <LoadedPaymentStep actorRef={paymentRef} onCancel={cancelPayment} />
                  </Suspense>
                ) : (
                  <Controls actorRef={actorRef} />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
            {confirmingCancel ? <CancelNowDialog actorRef={actorRef} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
