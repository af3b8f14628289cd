import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { LIMITS } from '../../domain/limits';
import { selectFieldErrors, selectIsPending, type SignInFlowActorRef } from '../../machines/auth';
import { PasswordChecklist, PasswordField, TextField } from './fields';

export function SignUpForm({ flow }: { flow: SignInFlowActorRef }) {
  const errors = useSelector(flow, selectFieldErrors);
  const pending = useSelector(flow, selectIsPending);
  const [values, setValues] = useState({ fullName: '', email: '', phoneNumber: '', organization: '', password: '', confirmPassword: '' });
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <form
      noValidate
      aria-label="Create account"
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'auth.signUp', ...values });
      }}
    >
      <Stack gap="4">
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          maxLength={LIMITS.name}
          value={values.fullName}
          onValueChange={set('fullName')}
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
          onValueChange={set('email')}
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
          onValueChange={set('phoneNumber')}
          error={errors.phoneNumber}
          helperText="US numbers can be entered without +1."
        />
        <TextField
          label="Organization"
          name="organization"
          autoComplete="organization"
          maxLength={LIMITS.organization}
          value={values.organization}
          onValueChange={set('organization')}
          error={errors.organization}
        />
        <PasswordField
          label="Password"
          name="new-password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={set('password')}
          error={errors.password}
        >
          <PasswordChecklist password={values.password} />
        </PasswordField>
        <PasswordField
          label="Confirm password"
          name="confirm-password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValueChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" colorPalette="brand" loading={pending} loadingText="Creating account..." width="full">
          Create Account
        </Button>
        <HStack justify="center" gap="1" fontSize="sm">
          <Text color="fg.muted">Already have an account?</Text>
          <Button
            variant="plain"
            size="sm"
            px="0"
            colorPalette="brand"
            color="brand.fg"
            textDecoration="underline"
            onClick={() => flow.send({ type: 'auth.showSignIn' })}
            disabled={pending}
          >
            Sign In
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
