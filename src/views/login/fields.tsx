/** The labelled inputs of the login screen (Chakra Field), with errors announced as alerts. */
import { Field, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { isNearLimit } from '../../domain/limits';
import { CharacterCount } from '../shared/CharacterCount';

interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  helperText?: string | undefined;
}

/** A labelled input; with `maxLength`, the count shows once the value nears the limit. */
export function TextField({ label, value, onValueChange, error, helperText, ...input }: TextFieldProps) {
  const max = input.maxLength;
  const counting = max !== undefined && isNearLimit(value.length, max);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} value={value} onChange={(e) => onValueChange(e.currentTarget.value)} />
      {(helperText || counting) && !error ? (
        <Field.HelperText display="flex" justifyContent="space-between" gap="2">
          {helperText ? <span>{helperText}</span> : null}
          {max !== undefined ? <CharacterCount length={value.length} max={max} /> : null}
        </Field.HelperText>
      ) : null}
      {error ? <Field.ErrorText role="alert">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

interface PasswordFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  name?: string;
  children?: React.ReactNode;
}

/** A password input with a show/hide toggle (SPEC §2 Sign In). */
export function PasswordField({ label, value, onValueChange, autoComplete, error, name, children }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const inputId = useId();
  return (
    <Field.Root invalid={Boolean(error)} id={inputId}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElementProps={{ pe: '1' }}
        endElement={
          <IconButton
            type="button"
            size="xs"
            variant="ghost"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={inputId}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOff /> : <Eye />}
          </IconButton>
        }
      >
        <Input
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onValueChange(e.currentTarget.value)}
        />
      </InputGroup>
      {children}
      {error ? <Field.ErrorText role="alert">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
