import { Alert, Box, Button, Card, HStack, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Activity, ArrowRight, Bot, MessageSquare, UserCheck, Users } from 'lucide-react';
import { Link } from 'wouter';
import {
  DASHBOARD_ERROR_TITLE,
  selectError,
  selectHasFailed,
  selectIsLoading,
  selectOverview,
  selectStats,
  type DashboardActorRef,
  dashboardIntents,
} from '../../machines/dashboard';
import type { BillingOverview, UserStats } from '../../contract/api';
import { memo, useDeferredValue, useMemo } from 'react';
import { useScreenActor } from '../app/machinesContext';
import { StatCard } from '../shared/StatCard';
import { ErrorBox } from '../shared/ErrorBox';
import { formatCount } from '../../domain/intl';
import { useIntents } from '../shared/useIntents';

/** SPEC §9: fixed figures of the dashboard. */
export const AI_MESSAGES_TODAY = 0;
export const SYSTEM_STATUS = 'Operational';
/** Shown in place of the unpaid-invoices warning when there is nothing to warn about. */
export const NO_UNPAID_INVOICES = 'No unpaid invoices';

function Figure({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <Stack gap="0" role="group" aria-label={label}>
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Skeleton loading={loading} height="8" width={loading ? '12' : 'auto'}>
        <Text fontSize="xl" fontWeight="semibold">
          {value === undefined ? '—' : formatCount(value)}
        </Text>
      </Skeleton>
    </Stack>
  );
}

/** SPEC §2's unpaid-invoices warning; when every invoice is paid, a quiet line that says so. */
function InvoiceStatus({ unpaid }: { unpaid: number }) {
  return (
    <Alert.Root status={unpaid > 0 ? 'warning' : 'success'} borderRadius="md" data-testid="invoice-status">
      <Alert.Indicator />
      <Alert.Title>
        {unpaid > 0 ? `${formatCount(unpaid)} unpaid ${unpaid === 1 ? 'invoice needs' : 'invoices need'} attention` : NO_UNPAID_INVOICES}
      </Alert.Title>
    </Alert.Root>
  );
}

function BillingCard({ overview, loading }: { overview: BillingOverview | null; loading: boolean }) {
  const unpaid = overview?.unpaidInvoices ?? 0;
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            Billing Overview
          </Heading>
          <Button asChild size="sm" variant="outline">
            <Link href="/billing">
              View billing <ArrowRight aria-hidden size={16} />
            </Link>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        {/* Two columns on a phone: three there broke "subscriptions" inside the word at 390 px. */}
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="4">
          <Figure label="Pro subscriptions" value={overview?.subscriptionBreakdown.pro} loading={loading} />
          <Figure label="Lite subscriptions" value={overview?.subscriptionBreakdown.lite} loading={loading} />
          <Figure label="Total users" value={overview?.totalUsers} loading={loading} />
        </SimpleGrid>
        {/* The invoice line keeps its place while loading (a skeleton of its size), so nothing
            below it moves when the figures land (no layout shift). */}
        {loading ? (
          <Skeleton loading borderRadius="md" aria-hidden="true" data-testid="invoice-status-loading">
            <InvoiceStatus unpaid={0} />
          </Skeleton>
        ) : overview ? (
          <InvoiceStatus unpaid={unpaid} />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function AssistantPromo() {
  return (
    <Card.Root bg="brand.subtle" borderColor="brand.emphasized">
      <Card.Body gap="3">
        <HStack gap="3">
          <Box color="brand.fg">
            <Bot aria-hidden size={28} />
          </Box>
          <Heading as="h2" size="md">
            Ask the Assistant
          </Heading>
        </HStack>
        <Text color="fg.muted">Get answers about user activity, call analytics, tasks and weekly reports across your organization.</Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <Link href="/ai">Start Chat</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** What the dashboard shows: the state of its one read and what it brought. */
interface DashboardView {
  loading: boolean;
  failed: boolean;
  error: string | null;
  stats: UserStats | null;
  overview: BillingOverview | null;
}

/**
 * The Dashboard (SPEC §2): four stat cards, the billing overview card and the Assistant promo.
 *
 * The figures are drawn from a deferred copy of the machine's state (`useDeferredValue`). An
 * actor's update reaches React as an external store's, which React renders at once and in one
 * piece: the cards' render when the figures land was one of the longest tasks of a phone's start
 * (docs/PERFORMANCE.md). Now that update renders this component alone, and the cards follow in a
 * render React splits into slices, so the main thread answers input in between.
 */
export function DashboardScreen() {
  const ref: DashboardActorRef = useScreenActor('dashboard');
  const loading = useSelector(ref, selectIsLoading);
  const failed = useSelector(ref, selectHasFailed);
  const error = useSelector(ref, selectError);
  const stats = useSelector(ref, selectStats);
  const overview = useSelector(ref, selectOverview);
  const view = useDeferredValue(useMemo(() => ({ loading, failed, error, stats, overview }), [loading, failed, error, stats, overview]));
  const { reload: onRetry } = useIntents(dashboardIntents, ref);
  return <DashboardFigures view={view} onRetry={onRetry} />;
}

const DashboardFigures = memo(function DashboardFigures({ view, onRetry }: { view: DashboardView; onRetry: () => void }) {
  const { loading, failed, error, stats, overview } = view;
  const showFigures = !failed || stats !== null;

  return (
    <Stack gap="6">
      {failed ? <ErrorBox title={DASHBOARD_ERROR_TITLE} message={error ?? ''} onRetry={onRetry} /> : null}
      {showFigures ? (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
            <StatCard
              label="Total Users"
              icon={<Users aria-hidden size={20} />}
              loading={loading && stats === null}
              value={formatCount(stats?.total ?? 0)}
              help={`${formatCount(stats?.licensed ?? 0)} licensed`}
            />
            <StatCard
              label="Active Users"
              icon={<UserCheck aria-hidden size={20} />}
              loading={loading && stats === null}
              value={formatCount(stats?.active ?? 0)}
              help={`${formatCount(stats?.pending ?? 0)} pending`}
            />
            <StatCard
              label="AI Messages Today"
              icon={<MessageSquare aria-hidden size={20} />}
              loading={false}
              value={AI_MESSAGES_TODAY}
              help="Across your organization"
            />
            <StatCard
              label="System Status"
              icon={<Activity aria-hidden size={20} />}
              loading={false}
              value={SYSTEM_STATUS}
              help="All services running"
            />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <BillingCard overview={overview} loading={loading && overview === null} />
            <AssistantPromo />
          </SimpleGrid>
        </>
      ) : (
        <AssistantPromo />
      )}
    </Stack>
  );
});
