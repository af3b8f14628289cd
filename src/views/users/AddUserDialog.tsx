import { Button, CloseButton, Dialog } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  NEW_USER_DEFAULTS,
  selectAddUserError,
  selectAddUserFieldErrors,
  selectIsSubmitting,
  type AddUserActorRef,
  addUserIntents,
} from '../../machines/addUser';
import { UserFormFields, type UserFormValues } from './UserFormFields';
import { Banner } from '../shared/Banner';
import { BusyDialog } from '../shared/BusyDialog';
import { useIntents } from '../shared/useIntents';

const EMPTY: UserFormValues = { name: '', email: '', phoneNumber: '', ...NEW_USER_DEFAULTS };

/**
 * The Add User modal (SPEC §2, §5). Mounted for as long as the add-user machine runs, so what was
 * typed survives a failed invite; the machine validates, submits once and owns the messages.
 */
export function AddUserDialog({ actorRef, onClose }: { actorRef: AddUserActorRef; onClose: () => void }) {
  const [values, setValues] = useState<UserFormValues>(EMPTY);
  const submitting = useSelector(actorRef, selectIsSubmitting);
  const error = useSelector(actorRef, selectAddUserError);
  const errors = useSelector(actorRef, selectAddUserFieldErrors);
  const intents = useIntents(addUserIntents, actorRef);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    intents.submit(values);
  };

  return (
    <BusyDialog busy={submitting} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Add User</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body display="flex" flexDirection="column" gap="4">
          <Dialog.Description color="fg.muted">
            They get an email with a temporary password and set their own at first sign-in.
          </Dialog.Description>
          <Banner status="error" message={error} />
          <UserFormFields idPrefix="add-user" values={values} errors={errors} disabled={submitting} withFlags onChange={setValues} />
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" type="button" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Adding...">
            Add User
          </Button>
        </Dialog.Footer>
        <Dialog.CloseTrigger asChild disabled={submitting}>
          <CloseButton size="sm" aria-label="Close" />
        </Dialog.CloseTrigger>
      </form>
    </BusyDialog>
  );
}
