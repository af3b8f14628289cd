import { Alert, Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  selectEditUserError,
  selectEditUserFieldErrors,
  selectEditedUser,
  selectIsSaving,
  type EditUserActorRef,
} from '../../machines/editUser';
import { UserFormFields, type UserFormValues } from './UserFormFields';

/** Edit a user's name, email, phone and role (PUT /api/users/{id}); a failure keeps the input. */
export function EditUserDialog({ actorRef, onClose }: { actorRef: EditUserActorRef; onClose: () => void }) {
  const user = useSelector(actorRef, selectEditedUser);
  const [values, setValues] = useState<UserFormValues>(() => ({
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    hasLicense: user.hasLicense,
    isActive: user.isActive,
  }));
  const saving = useSelector(actorRef, selectIsSaving);
  const error = useSelector(actorRef, selectEditUserError);
  const errors = useSelector(actorRef, selectEditUserFieldErrors);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actorRef.send({
      type: 'editUser.submit',
      values: { name: values.name, email: values.email, phoneNumber: values.phoneNumber, role: values.role },
    });
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => {
        if (!e.open && !saving) onClose();
      }}
      closeOnInteractOutside={!saving}
      closeOnEscape={!saving}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
            <Dialog.Header>
              <Dialog.Title>Edit User</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="4">
              {error !== null ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              ) : null}
              <UserFormFields idPrefix="edit-user" values={values} errors={errors} disabled={saving} withFlags={false} onChange={setValues} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" type="button" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving...">
                Save changes
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={saving}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
