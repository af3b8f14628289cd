/** The authenticator-app code at sign-in (SOFTWARE_TOKEN_MFA): a thin view of the mfaChallenge machine. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { CONFIRMATION_CODE_LENGTH } from '../../domain/forms';
import { selectMfaChallenge, signInFlowIntents, type SignInFlowActorRef } from '../../machines/auth';
import { mfaChallengeIntents } from '../../machines/auth/stepIntents';
import { useIntents } from '../shared/useIntents';
import { CodeField } from './CodeField';
import { FormMessages } from './FormMessages';
import { LinkButton } from './LinkButton';

export function MfaCodeForm({ flow }: { flow: SignInFlowActorRef }) {
  const challenge = useSelector(flow, selectMfaChallenge);
  const error = useSelector(challenge, (s) => s?.context.formError ?? null);
  const errors = useSelector(challenge, (s) => s?.context.fieldErrors ?? {});
  const pending = useSelector(challenge, (s) => s?.hasTag('pending') ?? false);
  const { submit } = useIntents(mfaChallengeIntents, challenge);
  const { backToSignIn } = useIntents(signInFlowIntents, flow);
  const [code, setCode] = useState('');
  return (
    <Stack gap="4">
      <FormMessages error={error} notice={null} />
      <form
        noValidate
        aria-label="Two-factor authentication"
        onSubmit={(e) => {
          e.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            Open your authenticator app and enter the {CONFIRMATION_CODE_LENGTH}-digit code it shows for Hardline.
          </Text>
          <CodeField label="Authentication code" value={code} onValueChange={setCode} error={errors.code} />
          <Button type="submit" colorPalette="brand" loading={pending} loadingText="Verifying..." disabled={!challenge} width="full">
            Verify
          </Button>
        </Stack>
      </form>
      <LinkButton alignSelf="center" onClick={backToSignIn} disabled={pending}>
        Back to Sign In
      </LinkButton>
    </Stack>
  );
}
