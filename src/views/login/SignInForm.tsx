import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../domain/limits';
import { selectCanEnterCode, selectFieldErrors, selectIsPending, selectSignInEmail, type SignInFlowActorRef } from '../../machines/auth';
import { useHydrated } from '../shared/useHydrated';
import { PasswordField, TextField } from './fields';

export function SignInForm({ flow }: { flow: SignInFlowActorRef }) {
  const initialEmail = useSelector(flow, selectSignInEmail);
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const canEnterCode = useSelector(flow, selectCanEnterCode);
  const [username, setUsername] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();

  // The form is prerendered (dist/login.html): what the visitor typed before the JavaScript ran is
  // in the inputs, not yet in this state. Adopt it once the page is live, so nothing typed is lost.
  useEffect(() => {
    const typed = (name: string) => {
      const input = form.current?.elements.namedItem(name);
      return input instanceof HTMLInputElement ? input.value : '';
    };
    setUsername((current) => current || typed('username'));
    setPassword((current) => current || typed('password'));
  }, []);

  return (
    <form
      ref={form}
      noValidate
      aria-label="Sign in"
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'auth.signIn', username, password });
      }}
    >
      <Stack gap="4">
        {canEnterCode ? (
          <Button variant="outline" colorPalette="brand" width="full" onClick={() => flow.send({ type: 'auth.enterCode' })}>
            Enter confirmation code
          </Button>
        ) : null}
        <TextField
          label="Email"
          name="username"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={LIMITS.email}
          value={username}
          onValueChange={setUsername}
          error={errors.username}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
        />
        <Button
          variant="plain"
          size="sm"
          px="0"
          mt="-2"
          colorPalette="brand"
          color="brand.fg"
          textDecoration="underline"
          alignSelf="flex-end"
          onClick={() => flow.send({ type: 'auth.forgotPassword', email: username })}
          disabled={pending || !hydrated}
          // Like Sign In: not faded while the page becomes live (a moment), only while signing in.
          _disabled={hydrated ? undefined : { opacity: 1, cursor: 'progress' }}
        >
          Forgot password?
        </Button>
        <Button
          type="submit"
          colorPalette="brand"
          loading={pending}
          loadingText="Signing in..."
          width="full"
          // Disabled until the page is live: Enter in the prerendered form must not submit it natively
          // (a GET would put the password in the address). It looks enabled: the wait is a moment.
          disabled={!hydrated}
          _disabled={hydrated ? undefined : { opacity: 1, cursor: 'progress' }}
        >
          Sign In
        </Button>
        <HStack justify="center" gap="1" fontSize="sm">
          <Text color="fg.muted">Don&apos;t have an account?</Text>
          <Button
            variant="plain"
            size="sm"
            px="0"
            colorPalette="brand"
            color="brand.fg"
            textDecoration="underline"
            onClick={() => flow.send({ type: 'auth.showSignUp' })}
            disabled={pending}
          >
            Create Account
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
