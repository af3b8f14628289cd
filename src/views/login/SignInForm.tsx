import { Button, HStack, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../domain/limits';
import {
  selectCanEnterCode,
  selectFieldErrors,
  selectIsPending,
  selectSignInEmail,
  signInFlowIntents,
  type SignInFlowActorRef,
} from '../../machines/auth';
import { useHydrated } from '../shared/useHydrated';
import { useIntents } from '../shared/useIntents';
import { PasswordField, TextField } from './fields';
import { LINK_BUTTON_STYLE, LinkButton } from './LinkButton';

/**
 * 'Forgot password?' is a link-style button pulled up to the password (`mt`). Style props become
 * CSS in the order they are given, and the CSS names the class: written in this order, the class is
 * the one the prerendered /login has always had.
 */
const { px: linkPadding, ...LINK_LOOK } = LINK_BUTTON_STYLE;

/** A button not yet live looks enabled (it is a moment): not faded, a progress cursor over it. */
const WAITING_STYLE = { '&[data-waiting]:disabled': { opacity: 1, cursor: 'progress' } } as const;

/**
 * A button of the prerendered form, disabled until the page is live: Enter or a click in the
 * prerendered form must not submit it natively (a GET would put the password in the address).
 * Becoming live is a synchronous render on the page's start, made small: the button reads whether
 * the page is live itself, so it re-renders alone, not the whole form, and only its `disabled` and
 * `data-waiting` attributes change. Its style, and so its class, stays the one prerendered: a
 * different style would be a new class for Emotion to compile and insert in that render (19–33 ms
 * of the /login start-up on this machine, four times that on a phone, with the form).
 */
function LiveButton({ disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  return <Button {...props} disabled={disabled === true || !hydrated} data-waiting={hydrated ? undefined : ''} css={WAITING_STYLE} />;
}

export function SignInForm({ flow }: { flow: SignInFlowActorRef }) {
  const initialEmail = useSelector(flow, selectSignInEmail);
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const canEnterCode = useSelector(flow, selectCanEnterCode);
  const { signIn, enterCode, forgotPassword, showSignUp } = useIntents(signInFlowIntents, flow);
  const [username, setUsername] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);

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
        signIn({ username, password });
      }}
    >
      <Stack gap="4">
        {canEnterCode ? (
          <Button variant="outline" colorPalette="brand" width="full" onClick={enterCode}>
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
        <LiveButton
          px={linkPadding}
          mt="-2"
          {...LINK_LOOK}
          alignSelf="flex-end"
          onClick={() => forgotPassword(username)}
          // Faded while signing in, not while the page becomes live.
          disabled={pending}
        >
          Forgot password?
        </LiveButton>
        <LiveButton type="submit" colorPalette="brand" loading={pending} loadingText="Signing in..." width="full">
          Sign In
        </LiveButton>
        <HStack justify="center" gap="1" fontSize="sm">
          <Text color="fg.muted">Don&apos;t have an account?</Text>
          <LinkButton onClick={showSignUp} disabled={pending}>
            Create Account
          </LinkButton>
        </HStack>
      </Stack>
    </form>
  );
}
