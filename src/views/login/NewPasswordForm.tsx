import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectFieldErrors, selectIsPending, selectPasswordChangeUsername, type SignInFlowActorRef } from '../../machines/auth';
import { PasswordChecklist, PasswordField } from './fields';

export function NewPasswordForm({ flow }: { flow: SignInFlowActorRef }) {
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const username = useSelector(flow, selectPasswordChangeUsername);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  return (
    <form
      noValidate
      aria-label="Set new password"
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'auth.newPassword', password, confirmPassword });
      }}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Your account{username ? ` (${username})` : ''} was created by an administrator. Choose a new password to continue.
        </Text>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username ?? ''} readOnly hidden />
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
        >
          <PasswordChecklist password={password} />
        </PasswordField>
        <PasswordField
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={setConfirmPassword}
          error={errors.confirmPassword}
        />
        <Button type="submit" colorPalette="brand" loading={pending} loadingText="Setting password..." width="full">
          Set New Password
        </Button>
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
    </form>
  );
}
