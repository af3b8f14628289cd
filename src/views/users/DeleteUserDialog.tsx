import { Button, Dialog, Text } from '@chakra-ui/react';
import type { User } from '../../contract/api';
import { Banner } from '../shared/Banner';
import { BusyDialog } from '../shared/BusyDialog';

interface DeleteUserDialogProps {
  user: User;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation before DELETE /api/users/{id}. */
export function DeleteUserDialog({ user, deleting, error, onConfirm, onCancel }: DeleteUserDialogProps) {
  return (
    <BusyDialog busy={deleting} onClose={onCancel} role="alertdialog">
      <Dialog.Header>
        <Dialog.Title>Delete user</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="3">
        <Dialog.Description>
          Delete <Text as="strong">{user.name}</Text> ({user.email})? They can no longer sign in. You can restore them from Recently deleted
          for 30 days; then they are removed for good, and a subscription they still have is canceled.
        </Dialog.Description>
        <Banner status="error" message={error} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={deleting} loadingText="Deleting...">
          Delete
        </Button>
      </Dialog.Footer>
    </BusyDialog>
  );
}
