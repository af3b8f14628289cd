import { Alert, Button, CloseButton, Dialog } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  MEMBER_CHANGED_HINT,
  selectEditUserError,
  selectEditUserFieldErrors,
  selectEditedUser,
  selectHasConflict,
  selectIsBusy,
  selectIsSaving,
  type EditUserActorRef,
  editUserIntents,
} from '../../machines/editUser';
import { UserFormFields, type UserFormValues } from './UserFormFields';
import { Banner } from '../shared/Banner';
import { BusyDialog } from '../shared/BusyDialog';
import { useIntents } from '../shared/useIntents';

/**
 * Edit a user's name, email, phone and role (PUT /api/users/{id}); a failure keeps the input. When
 * someone else changed the member meanwhile, the dialog says so and keeps what was typed.
 */
export function EditUserDialog({ actorRef, onClose }: { actorRef: EditUserActorRef; onClose: () => void }) {
  const user = useSelector(actorRef, selectEditedUser);
  // The form starts from the member as the dialog opened; reading them again after a conflict
  // does not replace what was typed.
  const [values, setValues] = useState<UserFormValues>(() => ({
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    hasLicense: user.hasLicense,
    isActive: user.isActive,
  }));
  const busy = useSelector(actorRef, selectIsBusy);
  const saving = useSelector(actorRef, selectIsSaving);
  const error = useSelector(actorRef, selectEditUserError);
  const conflict = useSelector(actorRef, selectHasConflict);
  const errors = useSelector(actorRef, selectEditUserFieldErrors);
  const intents = useIntents(editUserIntents, actorRef);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    intents.submit({ name: values.name, email: values.email, phoneNumber: values.phoneNumber, role: values.role });
  };

  return (
    <BusyDialog busy={saving} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Edit User</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="4">
          {conflict && error ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{error}</Alert.Title>
                <Alert.Description>{MEMBER_CHANGED_HINT}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Banner status="error" message={error} />
          )}
          <UserFormFields idPrefix="edit-user" values={values} errors={errors} disabled={busy} withFlags={false} onChange={setValues} />
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" type="button" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={saving ? 'Saving...' : 'Checking...'}>
            Save changes
          </Button>
        </Dialog.Footer>
        <Dialog.CloseTrigger asChild disabled={saving}>
          <CloseButton size="sm" aria-label="Close" />
        </Dialog.CloseTrigger>
      </form>
    </BusyDialog>
  );
}
