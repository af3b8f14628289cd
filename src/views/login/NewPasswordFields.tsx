/**
 * A new password, its confirmation and the live rule checklist (SPEC §5): Create Account, Set New
 * Password and Reset Password's code step. Not in ./fields.tsx, which Sign In (the /login
 * JavaScript) imports: the checklist and its rules come with the steps that show it.
 */
import { List, Text } from '@chakra-ui/react';
import { Check, Circle } from 'lucide-react';
import { checkPassword } from '../../domain/password';
import { PasswordField } from './fields';

type PasswordName = 'password' | 'confirmPassword';

const NEW_PASSWORD_LABELS: Record<PasswordName, string> = { password: 'New password', confirmPassword: 'Confirm new password' };

export function NewPasswordFields({
  password,
  confirmPassword,
  onValueChange,
  errors,
  labels = NEW_PASSWORD_LABELS,
}: {
  password: string;
  confirmPassword: string;
  onValueChange: (name: PasswordName, value: string) => void;
  errors: Partial<Record<PasswordName, string>>;
  /** 'New password' and 'Confirm new password' unless the step says otherwise (Create Account). */
  labels?: Record<PasswordName, string>;
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValueChange={(value) => onValueChange('password', value)}
        error={errors.password}
      >
        <PasswordChecklist password={password} />
      </PasswordField>
      <PasswordField
        label={labels.confirmPassword}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmPassword}
        onValueChange={(value) => onValueChange('confirmPassword', value)}
        error={errors.confirmPassword}
      />
    </>
  );
}

/** The live password-rule checklist (SPEC §5), read by the domain rules. */
function PasswordChecklist({ password }: { password: string }) {
  const results = checkPassword(password);
  return (
    <List.Root variant="plain" gap="0.5" mt="1.5" fontSize="xs" aria-label="Password requirements">
      {results.map((rule) => (
        <List.Item key={rule.id} color={rule.met ? 'green.fg' : 'fg.muted'} alignItems="center">
          <List.Indicator asChild>{rule.met ? <Check size={12} /> : <Circle size={12} />}</List.Indicator>
          <Text as="span">
            {rule.label}
            <Text as="span" srOnly>
              {rule.met ? ' (met)' : ' (not met)'}
            </Text>
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
