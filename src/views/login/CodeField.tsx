/** The emailed or authenticator code of Confirm Email, Reset Password's code step and two-factor sign-in. */
import { CONFIRMATION_CODE_LENGTH } from '../../domain/forms';
import { TextField } from './fields';

export function CodeField({
  label,
  value,
  onValueChange,
  error,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={CONFIRMATION_CODE_LENGTH}
      letterSpacing="0.5em"
      fontSize="lg"
      textAlign="center"
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}
