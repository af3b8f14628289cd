import { Box, Button, Card, HStack, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { CircleCheck, CircleMinus, CirclePlus, CircleX, Crown, RefreshCw, Users, UserCheck, Zap, type LucideIcon } from 'lucide-react';
import { formatCents } from '../../domain/money';
import { formatShortDate } from '../../domain/dates';
import {
  selectError,
  selectIsEmpty,
  selectIsLoading,
  selectOverview,
  type BillingOverviewActorRef,
  billingOverviewIntents,
} from '../../machines/billingOverview';
import type { Transaction } from '../../contract/api';
import { useScreenActor } from '../app/machinesContext';
import { StatCard } from '../shared/StatCard';
import { ErrorBox } from '../shared/ErrorBox';
import { LoadingState } from '../shared/LoadingState';
import { formatCount } from '../../domain/intl';
import { useIntents } from '../shared/useIntents';

export const BILLING_OVERVIEW_ERROR_TITLE = 'Error loading billing overview';

const figure = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));

const TRANSACTION_ICONS: Record<Transaction['type'], { icon: LucideIcon; label: string; color: string }> = {
  payment_succeeded: { icon: CircleCheck, label: 'Payment succeeded', color: 'green.fg' },
  payment_failed: { icon: CircleX, label: 'Payment failed', color: 'red.fg' },
  subscription_created: { icon: CirclePlus, label: 'Subscription created', color: 'blue.fg' },
  subscription_canceled: { icon: CircleMinus, label: 'Subscription canceled', color: 'fg.muted' },
};

/** SPEC §2: green for succeeded, red for failed, yellow otherwise. */
export function amountColor(status: string): string {
  if (status === 'succeeded') return 'green.fg';
  if (status === 'failed') return 'red.fg';
  return 'yellow.fg';
}

function Breakdown({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <Stack gap="0" role="group" aria-label={label} p="3" borderWidth="1px" borderRadius="md" bg="bg.subtle">
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Skeleton loading={loading} height="8" width={loading ? '12' : 'auto'}>
        <Text fontSize="xl" fontWeight="semibold">
          {figure(value)}
        </Text>
      </Skeleton>
    </Stack>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const kind = TRANSACTION_ICONS[transaction.type];
  const Icon = kind.icon;
  return (
    <HStack as="li" gap="3" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-testid="transaction">
      <Box color={kind.color} role="img" aria-label={kind.label} flexShrink={0}>
        <Icon size={20} aria-hidden />
      </Box>
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight="medium" truncate>
          {transaction.userName}
        </Text>
        <Text color="fg.muted" fontSize="sm" truncate>
          {transaction.description}
        </Text>
      </Stack>
      <Stack gap="0" align="flex-end">
        <Text fontWeight="semibold" color={amountColor(transaction.status)} data-status={transaction.status}>
          {formatCents(transaction.amount)}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {formatShortDate(transaction.createdAt)}
        </Text>
      </Stack>
    </HStack>
  );
}

/** Billing Overview (SPEC §2): stat cards, the subscription breakdown and recent transactions. */
export function BillingOverviewScreen() {
  const ref: BillingOverviewActorRef = useScreenActor('billingOverview');
  const overview = useSelector(ref, selectOverview);
  const loading = useSelector(ref, selectIsLoading);
  const error = useSelector(ref, selectError);
  const empty = useSelector(ref, selectIsEmpty);
  const { reload: refresh } = useIntents(billingOverviewIntents, ref);
  const skeleton = loading && overview === null;

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted">Subscriptions, plans and recent transactions across your organization.</Text>
        <Button
          variant="outline"
          size="sm"
          onClick={refresh}
          loading={loading && overview !== null}
          loadingText="Refresh"
          disabled={loading}
        >
          <RefreshCw aria-hidden size={16} /> Refresh
        </Button>
      </HStack>

      {error !== null ? <ErrorBox title={BILLING_OVERVIEW_ERROR_TITLE} message={error} onRetry={refresh} /> : null}

      {empty && !loading ? (
        <Card.Root>
          <Card.Body>
            <Text color="fg.muted" textAlign="center" py="8">
              No billing data available
            </Text>
          </Card.Body>
        </Card.Root>
      ) : null}

      {error !== null && overview === null ? null : empty && !loading ? null : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
            <StatCard label="Total Users" icon={<Users aria-hidden size={20} />} value={figure(overview?.totalUsers)} loading={skeleton} />
            <StatCard
              label="Subscribed Users"
              icon={<UserCheck aria-hidden size={20} />}
              value={figure(overview?.subscribedUsers)}
              loading={skeleton}
            />
            <StatCard
              label="Pro Users"
              icon={<Crown aria-hidden size={20} />}
              value={figure(overview?.subscriptionBreakdown.pro)}
              loading={skeleton}
            />
            <StatCard
              label="Lite Users"
              icon={<Zap aria-hidden size={20} />}
              value={figure(overview?.subscriptionBreakdown.lite)}
              loading={skeleton}
            />
          </SimpleGrid>

          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                Subscription Breakdown
              </Heading>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
                <Breakdown label="Pro Plans" value={overview?.subscriptionBreakdown.pro} loading={skeleton} />
                <Breakdown label="Lite Plans" value={overview?.subscriptionBreakdown.lite} loading={skeleton} />
                <Breakdown label="Trial Users" value={overview?.subscriptionBreakdown.trial} loading={skeleton} />
                <Breakdown label="Free Users" value={overview?.subscriptionBreakdown.free} loading={skeleton} />
              </SimpleGrid>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Header>
              <HStack justify="space-between">
                <Heading as="h2" size="md">
                  Recent Transactions
                </Heading>
                {/* SPEC §2: 'View All' is present and does nothing. */}
                <Button variant="ghost" size="sm" type="button">
                  View All
                </Button>
              </HStack>
            </Card.Header>
            <Card.Body pt="0">
              {skeleton ? (
                <LoadingState label="Loading billing overview..." />
              ) : overview && overview.recentTransactions.length > 0 ? (
                <Stack as="ul" gap="0" listStyleType="none" aria-label="Recent transactions">
                  {overview.recentTransactions.map((t) => (
                    <TransactionRow key={t.id} transaction={t} />
                  ))}
                </Stack>
              ) : (
                <Text color="fg.muted" textAlign="center" py="6">
                  No recent transactions
                </Text>
              )}
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}
