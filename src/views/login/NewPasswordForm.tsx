import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  selectFieldErrors,
  selectIsPending,
  selectPasswordChangeUsername,
  signInFlowIntents,
  type SignInFlowActorRef,
} from '../../machines/auth';
import { useIntents } from '../shared/useIntents';
import { LinkButton } from './LinkButton';
import { NewPasswordFields } from './NewPasswordFields';

export function NewPasswordForm({ flow }: { flow: SignInFlowActorRef }) {
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const username = useSelector(flow, selectPasswordChangeUsername);
  const { setNewPassword, backToSignIn } = useIntents(signInFlowIntents, flow);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const set = (name: keyof typeof values, value: string) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <form
      noValidate
      aria-label="Set new password"
      onSubmit={(e) => {
        e.preventDefault();
        setNewPassword(values);
      }}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Your account{username ? ` (${username})` : ''} was created by an administrator. Choose a new password to continue.
        </Text>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username ?? ''} readOnly hidden />
        <NewPasswordFields password={values.password} confirmPassword={values.confirmPassword} onValueChange={set} errors={errors} />
        <Button type="submit" colorPalette="brand" loading={pending} loadingText="Setting password..." width="full">
          Set New Password
        </Button>
        <LinkButton alignSelf="center" onClick={backToSignIn} disabled={pending}>
          Back to Sign In
        </LinkButton>
      </Stack>
    </form>
  );
}
