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
  signInFlowIntents,
  type ForgotPasswordActorRef,
  type SignInFlowActorRef,
} from '../../machines/auth';
import { forgotPasswordIntents } from '../../machines/auth/stepIntents';
import { useIntents } from '../shared/useIntents';
import { CodeField } from './CodeField';
import { FormMessages } from './FormMessages';
import { TextField } from './fields';
import { LinkButton } from './LinkButton';
import { NewPasswordFields } from './NewPasswordFields';

export function ForgotPasswordForm({ flow }: { flow: SignInFlowActorRef }) {
  const forgot = useSelector(flow, selectForgotPassword);
  const error = useSelector(forgot, (s) => s?.context.formError ?? null);
  const notice = useSelector(forgot, (s) => s?.context.notice ?? null);
  const onCodeStep = useSelector(forgot, selectForgotOnCodeStep);
  const { showSignIn } = useIntents(signInFlowIntents, flow);
  if (!forgot) return null;
  return (
    <Stack gap="4">
      <FormMessages error={error} notice={notice} />
      {onCodeStep ? <ResetPasswordStep flow={forgot} /> : <EmailStep flow={forgot} />}
      <LinkButton alignSelf="center" onClick={showSignIn}>
        Back to Sign In
      </LinkButton>
    </Stack>
  );
}

function EmailStep({ flow }: { flow: ForgotPasswordActorRef }) {
  const initialEmail = useSelector(flow, (s) => s.context.email);
  const errors = useSelector(flow, (s) => s.context.fieldErrors);
  const pending = useSelector(flow, (s) => s.hasTag('pending'));
  const { sendCode } = useIntents(forgotPasswordIntents, flow);
  const [email, setEmail] = useState(initialEmail);
  return (
    <form
      noValidate
      aria-label="Reset password"
      onSubmit={(e) => {
        e.preventDefault();
        sendCode(email);
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
  const { reset, resendCode, changeEmail } = useIntents(forgotPasswordIntents, flow);
  const [values, setValues] = useState({ code: '', password: '', confirmPassword: '' });
  const set = (name: keyof typeof values, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const busy = submitting || resending;
  return (
    <form
      noValidate
      aria-label="Set a new password"
      onSubmit={(e) => {
        e.preventDefault();
        reset(values);
      }}
    >
      <Stack gap="4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <CodeField label="Reset code" value={values.code} onValueChange={(code) => set('code', code)} error={errors.code} />
        <NewPasswordFields password={values.password} confirmPassword={values.confirmPassword} onValueChange={set} errors={errors} />
        <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Resetting password..." disabled={busy} width="full">
          Reset password
        </Button>
        <HStack justify="center" gap="4" wrap="wrap" fontSize="sm">
          <Button variant="outline" size="sm" loading={resending} loadingText="Sending..." disabled={busy} onClick={resendCode}>
            Resend code
          </Button>
          <LinkButton alignSelf="center" onClick={changeEmail} disabled={busy}>
            Use a different email
          </LinkButton>
        </HStack>
      </Stack>
    </form>
  );
}
