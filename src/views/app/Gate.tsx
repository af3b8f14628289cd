/**
 * The authentication guard of every route (SPEC §2 Gate): a spinner while the session is checked,
 * 'Setting up your account...' while signup completion runs, the app for an administrator, a clear
 * refusal for anyone else signed in, and the login screen otherwise (at /login).
 */
import { Center, HStack, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { selectGateScreen, selectSignInFlow, type AuthActorRef, type SignInFlowActorRef } from '../../machines/auth';
import { LoginScreen } from '../login/LoginScreen';
import { useAppActors } from './machinesContext';
import { preloadable } from './preloadable';

/**
 * What the Gate shows a signed-in person who is not let in yet (setting up, refused, the check
 * failed): a chunk of its own, so that it is not part of the /login JavaScript. It is fetched once
 * the first screen is up (an effect of the Gate), long before anyone signs in.
 */
const sessionScreens = preloadable(() => import('./SessionScreens'));

export function Gate({ children }: { children: ReactNode }) {
  const { auth } = useAppActors();
  const gateScreen = useSelector(auth, selectGateScreen);
  const signInFlow = useSelector(auth, selectSignInFlow);
  useEffect(() => sessionScreens.prefetch(), []);

  switch (gateScreen) {
    case 'console':
      return <>{children}</>;
    case 'signIn':
      // The flow is there whenever the Gate shows Sign In (selectGateScreen); checked for its type.
      return signInFlow ? <LoginRoute flow={signInFlow} /> : <FullPageSpinner />;
    case 'checking':
      return <FullPageSpinner />;
    default:
      return <SessionScreen which={gateScreen} auth={auth} />;
  }
}

type SessionScreenName = 'settingUp' | 'accessDenied' | 'accessCheckFailed';

function SessionScreen({ which, auth }: { which: SessionScreenName; auth: AuthActorRef }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LoadedSessionScreen which={which} auth={auth} />
    </Suspense>
  );
}

function LoadedSessionScreen({ which, auth }: { which: SessionScreenName; auth: AuthActorRef }) {
  const { SettingUpAccount, AccessDenied, AccessCheckFailed } = sessionScreens.use();
  if (which === 'settingUp') return <SettingUpAccount />;
  if (which === 'accessDenied') return <AccessDenied auth={auth} />;
  return <AccessCheckFailed auth={auth} />;
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
