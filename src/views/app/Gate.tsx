/**
 * The authentication guard of every route (SPEC §2 Gate): a spinner while the session is checked,
 * 'Setting up your account...' while signup completion runs, the app for an administrator, a clear
 * refusal for anyone else signed in, and the login screen otherwise (at /login).
 */
import { Button, Card, Center, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import {
  selectAccessError,
  selectAccessFailed,
  selectIsAuthorized,
  selectIsCompletingSignup,
  selectIsNotAdministrator,
  selectSignInFlow,
  type AuthActorRef,
  type SignInFlowActorRef,
} from '../../machines/auth';
import { LoginScreen } from '../login/LoginScreen';
import { ErrorBox } from '../shared/ErrorBox';
import { AccessDenied } from './AccessDenied';
import { useAppActors } from './machines-context';

export const SETTING_UP_TITLE = 'Setting up your account...';

export function Gate({ children }: { children: ReactNode }) {
  const { auth } = useAppActors();
  const authorized = useSelector(auth, selectIsAuthorized);
  const completingSignup = useSelector(auth, selectIsCompletingSignup);
  const notAdministrator = useSelector(auth, selectIsNotAdministrator);
  const accessFailed = useSelector(auth, selectAccessFailed);
  const signInFlow = useSelector(auth, selectSignInFlow);

  if (authorized) return <>{children}</>;
  if (completingSignup) return <SettingUpAccount />;
  if (notAdministrator) return <AccessDenied auth={auth} />;
  if (accessFailed) return <AccessCheckFailed auth={auth} />;
  if (signInFlow) return <LoginRoute flow={signInFlow} />;
  return <FullPageSpinner />;
}

/**
 * The login screen lives at /login: a direct visit of any guarded route lands there, remembering
 * the route (`?next=`) so signing in returns to it.
 */
function LoginRoute({ flow }: { flow: SignInFlowActorRef }) {
  const [path, navigate] = useLocation();
  useEffect(() => {
    if (path === '/login') return;
    const next = path === '/' ? '' : `?next=${encodeURIComponent(path + window.location.search)}`;
    navigate(`/login${next}`, { replace: true });
  }, [path, navigate]);
  return <LoginScreen flow={flow} />;
}

function FullPageSpinner() {
  return (
    <Center minH="100dvh" bg="bg.subtle">
      <HStack role="status" aria-live="polite" gap="3" color="fg.muted">
        <Spinner size="lg" color="brand.solid" />
        <Text srOnly>Loading...</Text>
      </HStack>
    </Center>
  );
}

function SettingUpAccount() {
  return (
    <Center as="main" minH="100dvh" px="4" bg="bg.subtle">
      <Card.Root variant="elevated" borderRadius="xl" maxW="md" width="full">
        <Card.Body gap="4" alignItems="center" textAlign="center" role="status" aria-live="polite">
          <Spinner size="xl" color="brand.solid" borderWidth="3px" />
          <Heading as="h1" size="lg">
            {SETTING_UP_TITLE}
          </Heading>
          <Text color="fg.muted">
            We&apos;re preparing your workspace and provisioning a phone number for your organization. This usually takes a few seconds.
          </Text>
          <Text color="fg.muted" fontSize="sm">
            If this takes more than a minute, refresh the page.
          </Text>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

function AccessCheckFailed({ auth }: { auth: AuthActorRef }) {
  const message = useSelector(auth, selectAccessError);
  return (
    <Center as="main" minH="100dvh" px="4" bg="bg.subtle">
      <Stack gap="3" maxW="md" width="full">
        <ErrorBox
          title="We could not load your account"
          message={message ?? 'Please try again.'}
          onRetry={() => auth.send({ type: 'auth.retry' })}
        />
        <Button variant="ghost" alignSelf="center" onClick={() => auth.send({ type: 'auth.signOut' })}>
          Sign out
        </Button>
      </Stack>
    </Center>
  );
}
