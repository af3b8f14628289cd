import { Alert, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { User } from '../../services/api/schemas';

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
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(e) => {
        if (!e.open && !deleting) onCancel();
      }}
      closeOnInteractOutside={!deleting}
      closeOnEscape={!deleting}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete user</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Dialog.Description>
                Delete <Text as="strong">{user.name}</Text> ({user.email})? This cannot be undone.
              </Dialog.Description>
              {error !== null ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={deleting}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={deleting} loadingText="Deleting...">
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
