/**
 * The Gate's screens for a signed-in person who is not let in (yet): 'Setting up your account...'
 * while signup completion runs, the refusal for someone who is not an administrator, and a failed
 * access check. Loaded by the Gate (./Gate.tsx) as a chunk of its own.
 */
import { Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectAccessError, type AuthActorRef } from '../../machines/auth';
import { ErrorBox } from '../shared/ErrorBox';
import { authIntents } from '../../machines/auth/authIntents';
import { useIntents } from '../shared/useIntents';

/** SPEC §2 (Gate): shown while signup completion is in progress. */
export const SETTING_UP_TITLE = 'Setting up your account...';

export { AccessDenied } from './AccessDenied';

export function SettingUpAccount() {
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

export function AccessCheckFailed({ auth }: { auth: AuthActorRef }) {
  const message = useSelector(auth, selectAccessError);
  const { retry, signOut } = useIntents(authIntents, auth);
  return (
    <Center as="main" minH="100dvh" px="4" bg="bg.subtle">
      <Stack gap="3" maxW="md" width="full">
        <ErrorBox title="We could not load your account" message={message ?? 'Please try again.'} onRetry={retry} />
        <Button variant="ghost" alignSelf="center" onClick={signOut}>
          Sign out
        </Button>
      </Stack>
    </Center>
  );
}
