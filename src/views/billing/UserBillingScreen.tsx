import { Badge, Button, Card, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ArrowLeft, CreditCard, ExternalLink, FileDown } from 'lucide-react';
import { memo, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatCents } from '../../domain/money';
import { formatLongDate, formatShortDate } from '../../domain/dates';
import { PLANS } from '../../domain/plans';
import { RETURN_TO_USERS_VIEW } from '../../machines/usersList/view';
import { capitalize } from '../../domain/text';
import {
  selectBilling,
  selectError,
  selectIsFailed,
  selectIsLoading,
  selectInvoiceRequest,
  selectIsOpeningPaymentMethods,
  selectLinkError,
  selectReadyLink,
  selectSubscriptionRef,
  type UserBillingActorRef,
  userBillingIntents,
} from '../../machines/userBilling';
import type { Invoice, PaymentMethod, UserBilling } from '../../contract/api';
import { useScreenActor } from '../app/machinesContext';
import { ErrorBox } from '../shared/ErrorBox';
import { LoadingState } from '../shared/LoadingState';
import { ManageSubscriptionDialog } from './ManageSubscriptionDialog';
import { MemberActivityCard } from './MemberActivityCard';
import { accessLevelColor, invoiceStatusColor, statusColor } from './status';
import { Banner } from '../shared/Banner';
import { ReadyLinkBanner } from './ReadyLinkBanner';
import { useIntents } from '../shared/useIntents';

export const USER_BILLING_ERROR_TITLE = 'Error loading user billing';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function SubscriptionStatus({ billing }: { billing: UserBilling }) {
  const { subscription, trialDaysRemaining } = billing;
  const trial =
    trialDaysRemaining > 0 ? <Text>{`${trialDaysRemaining} ${trialDaysRemaining === 1 ? 'day' : 'days'} remaining in trial`}</Text> : null;
  if (!subscription) {
    return (
      <Stack gap="1">
        <Text fontWeight="medium">No active subscription</Text>
        {billing.accessLevel === 'trial' ? null : <Text color="fg.muted">This user is on the free plan</Text>}
        {trial}
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="semibold" fontSize="lg">
          {PLANS[subscription.planType].name}
        </Text>
        <Badge colorPalette={statusColor(subscription.status)} data-testid="subscription-status">
          {subscription.status}
        </Badge>
        {subscription.cancelAtPeriodEnd ? (
          <HStack gap="1" data-testid="cancelling-flag">
            <Badge colorPalette="orange">Cancelling</Badge>
            <Text color="fg.muted" fontSize="sm">
              At period end
            </Text>
          </HStack>
        ) : null}
      </HStack>
      {trial}
      <Text color="fg.muted">
        {`Current period: ${formatLongDate(subscription.currentPeriodStart)} – ${formatLongDate(subscription.currentPeriodEnd)}`}
      </Text>
      {subscription.scheduledPlanType && subscription.scheduledChangeAt ? (
        <Text color="fg.muted">{`Changes to ${PLANS[subscription.scheduledPlanType].name} on ${formatLongDate(subscription.scheduledChangeAt)}`}</Text>
      ) : null}
    </Stack>
  );
}

function PaymentMethodRow({ method }: { method: PaymentMethod }) {
  return (
    <HStack as="li" gap="3" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} wrap="wrap">
      <CreditCard aria-hidden size={20} />
      <Text fontWeight="medium">{`•••• ${method.last4}`}</Text>
      <Text>{method.brand.toUpperCase()}</Text>
      <Text color="fg.muted">{`Expires ${method.expMonth}/${method.expYear}`}</Text>
      {method.isDefault ? <Badge colorPalette="green">Default</Badge> : null}
      <Text color="fg.muted" fontSize="sm" ms="auto">
        {`Added ${formatShortDate(method.createdAt)}`}
      </Text>
    </HStack>
  );
}

function InvoiceRow({
  invoice,
  opening,
  onOpen,
}: {
  invoice: Invoice;
  /** Which of this invoice's links is being fetched, if any. */
  opening: 'page' | 'pdf' | null;
  onOpen: (format: 'page' | 'pdf') => void;
}) {
  return (
    <HStack
      as="li"
      gap="3"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      wrap="wrap"
      aria-label={`Invoice #${invoice.number}`}
    >
      <Stack gap="0" flex="1" minW="40">
        <Text fontWeight="medium">{`Invoice #${invoice.number}`}</Text>
        <Text color="fg.muted" fontSize="sm">
          {formatShortDate(invoice.created)}
        </Text>
      </Stack>
      <Text fontWeight="semibold">{formatCents(invoice.amountPaid)}</Text>
      <Badge colorPalette={invoiceStatusColor(invoice.status)}>{invoice.status}</Badge>
      {/* Each link is asked for afresh as it is opened: links expire. */}
      {invoice.hostedInvoiceUrl ? (
        <Button size="xs" variant="outline" onClick={() => onOpen('page')} loading={opening === 'page'} loadingText="View Invoice">
          <ExternalLink aria-hidden size={14} /> View Invoice
        </Button>
      ) : null}
      {invoice.invoicePdf ? (
        <Button size="xs" variant="outline" onClick={() => onOpen('pdf')} loading={opening === 'pdf'} loadingText="Download PDF">
          <FileDown aria-hidden size={14} /> Download PDF
        </Button>
      ) : null}
    </HStack>
  );
}

/** Back to the list's last view: the link names no view, its history state asks for the last one. */
function BackButton() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <Link href="/users" state={RETURN_TO_USERS_VIEW}>
        <ArrowLeft aria-hidden size={16} /> Back to Users
      </Link>
    </Button>
  );
}

/** What the member's page is drawn from: the machine's load state, deferred (UserBillingScreen). */
interface UserBillingView {
  loading: boolean;
  failed: boolean;
  error: string | null;
  billing: UserBilling | null;
}

/**
 * Single-user billing (SPEC §2): subscription status, payment methods, invoices, Manage Subscription.
 *
 * The page is drawn from a deferred copy of the machine's load state (`useDeferredValue`), as the
 * dashboard's figures are. An actor's update reaches React as an external store's, which React
 * renders at once and in one piece: when the member's billing landed, the whole page rendered in one
 * task, the longest of a phone's visit (docs/PERFORMANCE.md). Now that update renders this component
 * alone, and the page follows in a render React splits into slices. What answers a click (the links'
 * errors, Manage's spinner, the invoice being opened, the modal) is not deferred.
 */
export function UserBillingScreen({ userId }: { userId: string }) {
  const ref: UserBillingActorRef = useScreenActor('userBilling', { input: { userId } });
  const billing = useSelector(ref, selectBilling);
  const loading = useSelector(ref, selectIsLoading);
  const failed = useSelector(ref, selectIsFailed);
  const error = useSelector(ref, selectError);
  const view = useDeferredValue(useMemo(() => ({ loading, failed, error, billing }), [loading, failed, error, billing]));
  const linkError = useSelector(ref, selectLinkError);
  const readyLink = useSelector(ref, selectReadyLink);
  const openingPaymentMethods = useSelector(ref, selectIsOpeningPaymentMethods);
  const subscriptionRef = useSelector(ref, selectSubscriptionRef);
  const invoiceRequest = useSelector(ref, selectInvoiceRequest);
  const intents = useIntents(userBillingIntents, ref);
  return (
    <UserBillingPage
      view={view}
      userId={userId}
      linkError={linkError}
      readyLink={readyLink}
      openingPaymentMethods={openingPaymentMethods}
      subscriptionRef={subscriptionRef}
      invoiceRequest={invoiceRequest}
      intents={intents}
    />
  );
}

interface UserBillingPageProps {
  view: UserBillingView;
  userId: string;
  linkError: string | null;
  readyLink: ReturnType<typeof selectReadyLink>;
  openingPaymentMethods: boolean;
  subscriptionRef: ReturnType<typeof selectSubscriptionRef>;
  invoiceRequest: ReturnType<typeof selectInvoiceRequest>;
  intents: ReturnType<typeof userBillingIntents>;
}

const UserBillingPage = memo(function UserBillingPage({
  view,
  userId,
  linkError,
  readyLink,
  openingPaymentMethods,
  subscriptionRef,
  invoiceRequest,
  intents,
}: UserBillingPageProps) {
  const { loading, failed, error, billing } = view;
  if (loading && !billing) {
    return (
      <Stack gap="6">
        <BackButton />
        <LoadingState label="Loading user billing..." />
        <Skeleton height="48" borderRadius="lg" />
      </Stack>
    );
  }
  if (failed || !billing) {
    return (
      <Stack gap="6">
        <BackButton />
        <ErrorBox title={USER_BILLING_ERROR_TITLE} message={error ?? ''} onRetry={intents.retry} />
      </Stack>
    );
  }

  const level = billing.accessLevel;
  const openInvoice = (invoiceId: string) => (format: 'page' | 'pdf') => intents.openInvoice(invoiceId, format);

  return (
    <Stack gap="6">
      <BackButton />
      {error !== null ? <ErrorBox title={USER_BILLING_ERROR_TITLE} message={error} onRetry={intents.refresh} /> : null}
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="4">
        <Stack gap="1">
          <HStack gap="3">
            <Heading as="h2" size="xl">
              {billing.name}
            </Heading>
            <Badge colorPalette={accessLevelColor(level)} size="lg" data-testid="access-level">
              {capitalize(level)}
            </Badge>
          </HStack>
          <Text color="fg.muted">{billing.email}</Text>
        </Stack>
        {/* Never disabled while the modal is open: a focused button that becomes disabled loses focus, so
            the dialog could not hand focus back to it on close. The machine opens one modal at a time. */}
        <Button colorPalette="brand" onClick={intents.manageSubscription}>
          Manage Subscription
        </Button>
      </HStack>

      <Banner status="error" message={linkError} reveal />
      <ReadyLinkBanner link={readyLink} onDone={intents.dismissReadyLink} />

      <Section title="Subscription Status">
        <SubscriptionStatus billing={billing} />
      </Section>

      <Section
        title="Payment Methods"
        action={
          <Button size="sm" variant="outline" onClick={intents.managePaymentMethods} loading={openingPaymentMethods} loadingText="Manage">
            Manage
          </Button>
        }
      >
        {billing.paymentMethods.length > 0 ? (
          <Stack as="ul" gap="0" listStyleType="none">
            {billing.paymentMethods.map((m) => (
              <PaymentMethodRow key={m.id} method={m} />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">No payment methods on file</Text>
        )}
      </Section>

      <Section title="Recent Invoices">
        {billing.recentInvoices.length > 0 ? (
          <Stack as="ul" gap="0" listStyleType="none">
            {billing.recentInvoices.map((inv) => (
              <InvoiceRow
                key={inv.id}
                invoice={inv}
                opening={invoiceRequest?.invoiceId === inv.id ? invoiceRequest.format : null}
                onOpen={openInvoice(inv.id)}
              />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">No invoices found</Text>
        )}
      </Section>

      <MemberActivityCard userId={userId} refreshKey={billing} />

      {subscriptionRef ? <ManageSubscriptionDialog actorRef={subscriptionRef} onClose={intents.closeSubscription} /> : null}
    </Stack>
  );
});
