import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { CONFIRMATION_CODE_LENGTH } from '../../domain/forms';
import { selectFieldErrors, selectIsPending, selectPendingEmail, type SignInFlowActorRef } from '../../machines/auth';
import { ResendCode } from './lazyResendCode';
import { TextField } from './fields';

export function ConfirmEmailForm({ flow }: { flow: SignInFlowActorRef }) {
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const email = useSelector(flow, selectPendingEmail);
  const [code, setCode] = useState('');

  return (
    <form
      noValidate
      aria-label="Confirm email"
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'auth.confirm', code });
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
        <TextField
          label="Confirmation code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={CONFIRMATION_CODE_LENGTH}
          letterSpacing="0.5em"
          fontSize="lg"
          textAlign="center"
          value={code}
          onValueChange={setCode}
          error={errors.code}
        />
        <Button type="submit" colorPalette="brand" loading={pending} loadingText="Confirming..." disabled={code.trim() === ''} width="full">
          Confirm Email
        </Button>
        <Suspense fallback={<ResendCodeArriving />}>
          <ResendCode flow={flow} disabled={pending} />
        </Suspense>
        <HStack justify="center" gap="1" fontSize="sm">
          <Text color="fg.muted">Wrong email or no code?</Text>
          <Button
            variant="plain"
            size="sm"
            px="0"
            colorPalette="brand"
            color="brand.fg"
            textDecoration="underline"
            onClick={() => flow.send({ type: 'auth.restartSignUp' })}
            disabled={pending}
          >
            Try signing up again
          </Button>
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
