import { Alert, Field, HStack, Input, NativeSelect, Stack, Switch } from '@chakra-ui/react';
import { ROLES, type Role } from '../../machines/usersList';
import { LIMITS, isNearLimit } from '../../domain/limits';
import { CharacterCount } from '../shared/CharacterCount';

export interface UserFormValues {
  name: string;
  email: string;
  phoneNumber: string;
  role: Role;
  hasLicense: boolean;
  isActive: boolean;
}

type UserFormErrors = Partial<Record<'name' | 'email' | 'phoneNumber' | 'role' | 'form', string>>;

interface UserFormFieldsProps {
  idPrefix: string;
  values: UserFormValues;
  errors: UserFormErrors;
  disabled: boolean;
  /** Show the licence and active switches (adding only; an edit changes them from the table). */
  withFlags: boolean;
  onChange: (values: UserFormValues) => void;
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The field's count, once its value nears the limit its input's maxLength holds it to. */
function LengthHint({ value, max }: { value: string; max: number }) {
  return isNearLimit(value.length, max) ? (
    <Field.HelperText>
      <CharacterCount length={value.length} max={max} />
    </Field.HelperText>
  ) : null;
}

/** The fields of the Add User and Edit User dialogs; values live in the dialog until submit. */
export function UserFormFields({ idPrefix, values, errors, disabled, withFlags, onChange }: UserFormFieldsProps) {
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => onChange({ ...values, [key]: value });
  return (
    <Stack gap="4">
      <Field.Root required invalid={errors.name !== undefined} disabled={disabled}>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input name="name" autoComplete="off" maxLength={LIMITS.name} value={values.name} onChange={(e) => set('name', e.target.value)} />
        <LengthHint value={values.name} max={LIMITS.name} />
        <Field.ErrorText role="alert">{errors.name}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.email !== undefined} disabled={disabled}>
        <Field.Label>
          Email <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="email"
          type="email"
          autoComplete="off"
          maxLength={LIMITS.email}
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
        />
        <LengthHint value={values.email} max={LIMITS.email} />
        <Field.ErrorText role="alert">{errors.email}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={errors.phoneNumber !== undefined} disabled={disabled}>
        <Field.Label>
          Phone number <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="phoneNumber"
          type="tel"
          autoComplete="off"
          placeholder="5551234567"
          maxLength={LIMITS.phone}
          value={values.phoneNumber}
          onChange={(e) => set('phoneNumber', e.target.value)}
        />
        <LengthHint value={values.phoneNumber} max={LIMITS.phone} />
      </Field.Root>
      {errors.phoneNumber !== undefined ? (
        <Alert.Root status="error" role="alert" size="sm" id={`${idPrefix}-phone-error`}>
          <Alert.Indicator />
          <Alert.Title>{errors.phoneNumber}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Field.Root disabled={disabled}>
        <Field.Label>Role</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="role"
            value={values.role}
            onChange={(e) => {
              if (isRole(e.currentTarget.value)) set('role', e.currentTarget.value);
            }}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {withFlags ? (
        <HStack gap="8">
          <Switch.Root
            checked={values.hasLicense}
            disabled={disabled}
            onCheckedChange={(e) => set('hasLicense', e.checked)}
            colorPalette="brand"
          >
            <Switch.HiddenInput name="hasLicense" />
            <Switch.Control />
            <Switch.Label>License</Switch.Label>
          </Switch.Root>
          <Switch.Root
            checked={values.isActive}
            disabled={disabled}
            onCheckedChange={(e) => set('isActive', e.checked)}
            colorPalette="brand"
          >
            <Switch.HiddenInput name="isActive" />
            <Switch.Control />
            <Switch.Label>Active</Switch.Label>
          </Switch.Root>
        </HStack>
      ) : null}
    </Stack>
  );
}
