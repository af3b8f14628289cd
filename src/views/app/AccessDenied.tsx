/**
 * Shown to a signed-in person who is not an administrator of an organisation (for example an
 * invited Field Worker who has just set a password): the console is not for them. An administrator
 * whose membership was deactivated is told that instead, and who can undo it.
 */
import { Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LogOut, ShieldAlert } from 'lucide-react';
import { selectIsSigningOut, selectMembership, selectUsername, type AuthActorRef } from '../../machines/auth';
import { Logo } from '../layout/Logo';
import { authIntents } from '../../machines/auth/authIntents';
import { useIntents } from '../shared/useIntents';

export const ACCESS_DENIED_TITLE = 'This console is for administrators';

export function AccessDenied({ auth }: { auth: AuthActorRef }) {
  const email = useSelector(auth, selectUsername);
  const membership = useSelector(auth, selectMembership);
  const signingOut = useSelector(auth, selectIsSigningOut);
  const { signOut } = useIntents(authIntents, auth);

  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg.subtle">
      <Stack gap="6" width="full" maxW="lg">
        <Center>
          <Logo />
        </Center>
        <Card.Root variant="elevated" borderRadius="xl">
          <Card.Body gap="4" alignItems="flex-start">
            <Center boxSize="12" borderRadius="full" bg="brand.subtle" color="brand.fg" aria-hidden="true">
              <ShieldAlert />
            </Center>
            <Heading as="h1" size="xl">
              {ACCESS_DENIED_TITLE}
            </Heading>
            {membership && !membership.isActive ? (
              <Text>
                You are signed in as <strong>{email}</strong> ({membership.role} at {membership.organization.name}), but this membership has
                been deactivated. Ask another administrator of {membership.organization.name} to reactivate it.
              </Text>
            ) : (
              <>
                <Text>
                  You are signed in as <strong>{email}</strong>
                  {membership ? ` (${membership.role} at ${membership.organization.name})` : ''}, but this account is not an administrator
                  of an organization. The Hardline Admin Console is only available to administrators.
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  Use the Hardline app on your phone for calls and tasks, or ask your organization&apos;s administrator if you need
                  administrator access.
                </Text>
              </>
            )}
            <Button variant="outline" loading={signingOut} loadingText="Signing out..." onClick={signOut}>
              <LogOut /> Sign out
            </Button>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}
