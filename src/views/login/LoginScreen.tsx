/**
 * The login screen (SPEC §2): one centred card whose content follows the sign-in flow's step —
 * Sign In, Create Account, Confirm Email or Set New Password.
 */
import { Box, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { selectFormError, selectLoginMode, selectNotice, type SignInFlowActorRef, type LoginMode } from '../../machines/auth';
import { Logo } from '../layout/Logo';
import { FormMessages } from './FormMessages';
import { ConfirmEmailForm, ForgotPasswordForm, MfaCodeForm, NewPasswordForm, SignUpForm } from './lazyForms';
import { SignInForm } from './SignInForm';

const TITLES: Record<LoginMode, { title: string; subtitle: string }> = {
  signIn: { title: 'Sign In', subtitle: 'Welcome back. Sign in to the Hardline Admin Console.' },
  signUp: { title: 'Create Account', subtitle: 'Set up Hardline for your construction team.' },
  confirmEmail: { title: 'Confirm Email', subtitle: 'One more step to activate your account.' },
  newPassword: { title: 'Set New Password', subtitle: 'Secure your account before you continue.' },
  forgotPassword: { title: 'Reset Password', subtitle: 'Choose a new password with a code we email you.' },
  mfa: { title: 'Two-Factor Authentication', subtitle: 'One more step to sign in.' },
};

export function LoginScreen({ flow }: { flow: SignInFlowActorRef }) {
  const mode = useSelector(flow, selectLoginMode);
  const error = useSelector(flow, selectFormError);
  const notice = useSelector(flow, selectNotice);
  const { title, subtitle } = TITLES[mode];

  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg.subtle">
      <Stack gap="6" width="full" maxW="md">
        <Center>
          <Logo />
        </Center>
        <Card.Root variant="elevated" borderRadius="xl">
          <Card.Header gap="1">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {subtitle}
            </Text>
          </Card.Header>
          <Card.Body gap="4">
            {/* The forgot-password and two-factor steps show their own messages. */}
            {mode === 'forgotPassword' || mode === 'mfa' ? null : <FormMessages error={error} notice={notice} />}
            <Box>
              {mode === 'signIn' ? <SignInForm key="signIn" flow={flow} /> : null}
              <Suspense fallback={<StepArriving />}>
                {mode === 'signUp' ? <SignUpForm key="signUp" flow={flow} /> : null}
                {mode === 'confirmEmail' ? <ConfirmEmailForm key="confirmEmail" flow={flow} /> : null}
                {mode === 'newPassword' ? <NewPasswordForm key="newPassword" flow={flow} /> : null}
                {mode === 'forgotPassword' ? <ForgotPasswordForm key="forgotPassword" flow={flow} /> : null}
                {mode === 'mfa' ? <MfaCodeForm key="mfa" flow={flow} /> : null}
              </Suspense>
            </Box>
          </Card.Body>
        </Card.Root>
        <Text textAlign="center" fontSize="xs" color="fg.muted">
          Hardline Admin Console · for organization administrators
        </Text>
      </Stack>
    </Center>
  );
}

/** While the code of a step other than Sign In (./lazyForms.tsx) arrives. */
function StepArriving() {
  return (
    <Center py="6" role="status" aria-live="polite">
      <Spinner size="md" color="brand.solid" />
      <Text srOnly>Loading...</Text>
    </Center>
  );
}
