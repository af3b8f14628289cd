/**
 * Forgot password (docs/AUTH.md): the email step, then the code with a new password. A thin view of
 * the forgot-password child machine the sign-in flow runs while this screen shows.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { CONFIRMATION_CODE_LENGTH } from '../../domain/forms';
import { LIMITS } from '../../domain/limits';
import {
  selectForgotOnCodeStep,
  selectForgotPassword,
  selectResendingResetCode,
  selectResettingPassword,
  type ForgotPasswordActorRef,
  type SignInFlowActorRef,
} from '../../machines/auth';
import { FormMessages } from './FormMessages';
import { PasswordChecklist, PasswordField, TextField } from './fields';

export function ForgotPasswordForm({ flow }: { flow: SignInFlowActorRef }) {
  const forgot = useSelector(flow, selectForgotPassword);
  const error = useSelector(forgot, (s) => s?.context.formError ?? null);
  const notice = useSelector(forgot, (s) => s?.context.notice ?? null);
  const onCodeStep = useSelector(forgot, selectForgotOnCodeStep);
  if (!forgot) return null;
  return (
    <Stack gap="4">
      <FormMessages error={error} notice={notice} />
      {onCodeStep ? <ResetPasswordStep flow={forgot} /> : <EmailStep flow={forgot} />}
      <LinkButton onClick={() => flow.send({ type: 'auth.showSignIn' })}>Back to Sign In</LinkButton>
    </Stack>
  );
}

function LinkButton({ onClick, children, disabled }: { onClick: () => void; children: string; disabled?: boolean }) {
  return (
    <Button
      variant="plain"
      size="sm"
      px="0"
      colorPalette="brand"
      color="brand.fg"
      textDecoration="underline"
      alignSelf="center"
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}

function EmailStep({ flow }: { flow: ForgotPasswordActorRef }) {
  const initialEmail = useSelector(flow, (s) => s.context.email);
  const errors = useSelector(flow, (s) => s.context.fieldErrors);
  const pending = useSelector(flow, (s) => s.hasTag('pending'));
  const [email, setEmail] = useState(initialEmail);
  return (
    <form
      noValidate
      aria-label="Reset password"
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'forgot.sendCode', email });
      }}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Enter the email you sign in with. We will email you a {CONFIRMATION_CODE_LENGTH}-digit code to set a new password.
        </Text>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          value={email}
          onValueChange={setEmail}
          error={errors.email}
        />
        <Button type="submit" colorPalette="brand" loading={pending} loadingText="Sending code..." width="full">
          Send code
        </Button>
      </Stack>
    </form>
  );
}

function ResetPasswordStep({ flow }: { flow: ForgotPasswordActorRef }) {
  const email = useSelector(flow, (s) => s.context.email);
  const errors = useSelector(flow, (s) => s.context.fieldErrors);
  const submitting = useSelector(flow, selectResettingPassword);
  const resending = useSelector(flow, selectResendingResetCode);
  const [values, setValues] = useState({ code: '', password: '', confirmPassword: '' });
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const busy = submitting || resending;
  return (
    <form
      noValidate
      aria-label="Set a new password"
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'forgot.reset', ...values });
      }}
    >
      <Stack gap="4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Reset code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={CONFIRMATION_CODE_LENGTH}
          letterSpacing="0.5em"
          fontSize="lg"
          textAlign="center"
          value={values.code}
          onValueChange={set('code')}
          error={errors.code}
        />
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={set('password')}
          error={errors.password}
        >
          <PasswordChecklist password={values.password} />
        </PasswordField>
        <PasswordField
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValueChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Resetting password..." disabled={busy} width="full">
          Reset password
        </Button>
        <HStack justify="center" gap="4" wrap="wrap" fontSize="sm">
          <Button
            variant="outline"
            size="sm"
            loading={resending}
            loadingText="Sending..."
            disabled={busy}
            onClick={() => flow.send({ type: 'forgot.resendCode' })}
          >
            Resend code
          </Button>
          <LinkButton onClick={() => flow.send({ type: 'forgot.changeEmail' })} disabled={busy}>
            Use a different email
          </LinkButton>
        </HStack>
      </Stack>
    </form>
  );
}
