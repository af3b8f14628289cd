import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { LIMITS } from '../../domain/limits';
import { selectFieldErrors, selectIsPending, signInFlowIntents, type SignInFlowActorRef } from '../../machines/auth';
import { useIntents } from '../shared/useIntents';
import { TextField } from './fields';
import { LinkButton } from './LinkButton';
import { NewPasswordFields } from './NewPasswordFields';

const SIGN_UP_PASSWORD_LABELS = { password: 'Password', confirmPassword: 'Confirm password' };

export function SignUpForm({ flow }: { flow: SignInFlowActorRef }) {
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const { signUp, showSignIn } = useIntents(signInFlowIntents, flow);
  const [values, setValues] = useState({ fullName: '', email: '', phoneNumber: '', organization: '', password: '', confirmPassword: '' });
  const set = (name: keyof typeof values, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const setter = (name: keyof typeof values) => (value: string) => set(name, value);

  return (
    <form
      noValidate
      aria-label="Create account"
      onSubmit={(e) => {
        e.preventDefault();
        signUp(values);
      }}
    >
      <Stack gap="4">
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          maxLength={LIMITS.name}
          value={values.fullName}
          onValueChange={setter('fullName')}
          error={errors.fullName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={LIMITS.email}
          value={values.email}
          onValueChange={setter('email')}
          error={errors.email}
        />
        <TextField
          label="Phone number"
          name="tel"
          type="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          maxLength={LIMITS.phone}
          value={values.phoneNumber}
          onValueChange={setter('phoneNumber')}
          error={errors.phoneNumber}
          helperText="US numbers can be entered without +1."
        />
        <TextField
          label="Organization"
          name="organization"
          autoComplete="organization"
          maxLength={LIMITS.organization}
          value={values.organization}
          onValueChange={setter('organization')}
          error={errors.organization}
        />
        <NewPasswordFields
          labels={SIGN_UP_PASSWORD_LABELS}
          password={values.password}
          confirmPassword={values.confirmPassword}
          onValueChange={set}
          errors={errors}
        />
        <Button type="submit" colorPalette="brand" loading={pending} loadingText="Creating account..." width="full">
          Create Account
        </Button>
        <HStack justify="center" gap="1" fontSize="sm">
          <Text color="fg.muted">Already have an account?</Text>
          <LinkButton onClick={showSignIn} disabled={pending}>
            Sign In
          </LinkButton>
        </HStack>
      </Stack>
    </form>
  );
}
