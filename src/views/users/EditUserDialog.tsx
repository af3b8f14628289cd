import { Button, CloseButton, Dialog } from '@chakra-ui/react';
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
import { Banner } from '../shared/Banner';
import { BusyDialog } from '../shared/BusyDialog';

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
    <BusyDialog busy={saving} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Edit User</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="4">
          <Banner status="error" message={error} />
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
    </BusyDialog>
  );
}
