/** The authenticator-app code at sign-in (SOFTWARE_TOKEN_MFA): a thin view of the mfaChallenge machine. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { CONFIRMATION_CODE_LENGTH } from '../../domain/forms';
import { selectMfaChallenge, type SignInFlowActorRef } from '../../machines/auth';
import { FormMessages } from './FormMessages';
import { TextField } from './fields';

export function MfaCodeForm({ flow }: { flow: SignInFlowActorRef }) {
  const challenge = useSelector(flow, selectMfaChallenge);
  const error = useSelector(challenge, (s) => s?.context.formError ?? null);
  const errors = useSelector(challenge, (s) => s?.context.fieldErrors ?? {});
  const pending = useSelector(challenge, (s) => s?.hasTag('pending') ?? false);
  const [code, setCode] = useState('');
  return (
    <Stack gap="4">
      <FormMessages error={error} notice={null} />
      <form
        noValidate
        aria-label="Two-factor authentication"
        onSubmit={(e) => {
          e.preventDefault();
          challenge?.send({ type: 'mfa.submit', code });
        }}
      >
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            Open your authenticator app and enter the {CONFIRMATION_CODE_LENGTH}-digit code it shows for Hardline.
          </Text>
          <TextField
            label="Authentication code"
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
          <Button type="submit" colorPalette="brand" loading={pending} loadingText="Verifying..." disabled={!challenge} width="full">
            Verify
          </Button>
        </Stack>
      </form>
      <Button
        variant="plain"
        size="sm"
        colorPalette="brand"
        color="brand.fg"
        textDecoration="underline"
        alignSelf="center"
        onClick={() => flow.send({ type: 'auth.backToSignIn' })}
        disabled={pending}
      >
        Back to Sign In
      </Button>
    </Stack>
  );
}
