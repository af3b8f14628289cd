import { Alert, Box, Button, HStack, Stack } from '@chakra-ui/react';
import { Elements, PaymentElement, useElements } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useSelector } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import {
  selectCanSubmit,
  selectClientSecret,
  selectCompletionFailed,
  selectIsBusy,
  selectIsLoadingStripe,
  selectIsUnavailable,
  selectPaymentError,
  selectPlanType,
  selectStripe,
  type PaymentActorRef,
  paymentIntents,
} from '../../machines/payment';
import { PLANS } from '../../domain/plans';
import { LoadingState } from '../shared/LoadingState';
import { Banner } from '../shared/Banner';
import { useIntents } from '../shared/useIntents';

export const PAYMENT_REQUIRED_NOTE =
  'Payment Method Required: This user is on a trial and needs a payment method to update to a paid plan.';

function PaymentForm({ actorRef, onCancel }: { actorRef: PaymentActorRef; onCancel: () => void }) {
  const elements = useElements();
  const canSubmit = useSelector(actorRef, selectCanSubmit);
  const busy = useSelector(actorRef, selectIsBusy);
  const error = useSelector(actorRef, selectPaymentError);
  const plan = useSelector(actorRef, selectPlanType);
  const completionFailed = useSelector(actorRef, selectCompletionFailed);
  const intents = useIntents(paymentIntents, actorRef);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (elements) intents.submit(elements);
  };

  return (
    <form onSubmit={submit} aria-label="Payment details" noValidate>
      <Stack gap="4">
        {/* Reserve the element's height so the dialog does not jump when it mounts. */}
        <Box minH="40" data-testid="payment-element-container">
          <PaymentElement onReady={intents.elementReady} />
        </Box>
        <Banner status="error" message={error} />
        <HStack justify="flex-end" gap="3">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {completionFailed ? (
            <Button type="button" colorPalette="brand" onClick={intents.retry}>
              Try again
            </Button>
          ) : (
            <Button type="submit" colorPalette="brand" disabled={!canSubmit} loading={busy} loadingText="Processing...">
              {`Setup Payment & Update to ${PLANS[plan].name}`}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

/** The payment-required step of the Manage Subscription modal (SPEC §2, §5). */
export function PaymentStep({ actorRef, onCancel }: { actorRef: PaymentActorRef; onCancel: () => void }) {
  const stripe = useSelector(actorRef, selectStripe);
  const clientSecret = useSelector(actorRef, selectClientSecret);
  const loadingStripe = useSelector(actorRef, selectIsLoadingStripe);
  const unavailable = useSelector(actorRef, selectIsUnavailable);
  const error = useSelector(actorRef, selectPaymentError);
  const options = useMemo<StripeElementsOptions>(() => ({ clientSecret }), [clientSecret]);

  return (
    <Stack gap="4" data-testid="payment-step">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{PAYMENT_REQUIRED_NOTE}</Alert.Description>
      </Alert.Root>
      {loadingStripe ? <LoadingState label="Loading payment form..." /> : null}
      {unavailable ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {loadingStripe || unavailable ? (
        <HStack justify="flex-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </HStack>
      ) : null}
      {stripe ? (
        <Elements stripe={stripe} options={options}>
          <PaymentForm actorRef={actorRef} onCancel={onCancel} />
        </Elements>
      ) : null}
    </Stack>
  );
}
