import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { CONFIRMATION_CODE_LENGTH } from '../../domain/forms';
import { selectFieldErrors, selectIsPending, selectPendingEmail, signInFlowIntents, type SignInFlowActorRef } from '../../machines/auth';
import { useIntents } from '../shared/useIntents';
import { CodeField } from './CodeField';
import { LinkButton } from './LinkButton';
import { ResendCode } from './lazyResendCode';

export function ConfirmEmailForm({ flow }: { flow: SignInFlowActorRef }) {
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const email = useSelector(flow, selectPendingEmail);
  const { confirm, restartSignUp } = useIntents(signInFlowIntents, flow);
  const [code, setCode] = useState('');

  return (
    <form
      noValidate
      aria-label="Confirm email"
      onSubmit={(e) => {
        e.preventDefault();
        confirm(code);
      }}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          We sent a {CONFIRMATION_CODE_LENGTH}-digit code to{' '}
          <Text as="span" fontWeight="semibold" color="fg">
            {email}
          </Text>
          . Enter it below to confirm your account.
        </Text>
        <CodeField label="Confirmation code" value={code} onValueChange={setCode} error={errors.code} />
        <Button type="submit" colorPalette="brand" loading={pending} loadingText="Confirming..." disabled={code.trim() === ''} width="full">
          Confirm Email
        </Button>
        <Suspense fallback={<ResendCodeArriving />}>
          <ResendCode flow={flow} disabled={pending} />
        </Suspense>
        <HStack justify="center" gap="1" fontSize="sm">
          <Text color="fg.muted">Wrong email or no code?</Text>
          <LinkButton onClick={restartSignUp} disabled={pending}>
            Try signing up again
          </LinkButton>
        </HStack>
      </Stack>
    </form>
  );
}

/** Holds the place of 'Resend code' (same size, not yet usable) while its code arrives. */
function ResendCodeArriving() {
  return (
    <Stack gap="2" align="center">
      <Text fontSize="sm" />
      <Button variant="outline" size="sm" disabled>
        Resend code
      </Button>
    </Stack>
  );
}
