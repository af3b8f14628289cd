import { Button, Dialog } from '@chakra-ui/react';
import { bulkQuestion, type BulkRequest } from '../../machines/usersList';
import { BusyDialog } from '../shared/BusyDialog';

interface BulkConfirmDialogProps {
  request: BulkRequest;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A bulk deactivation or licence removal asks first (it takes something away from many members at
 * once), naming how many members it changes and what happens to them. 'Cancel' has the focus, so
 * Enter does not confirm by accident.
 */
export function BulkConfirmDialog({ request, onConfirm, onCancel }: BulkConfirmDialogProps) {
  const question = bulkQuestion(request);
  return (
    <BusyDialog busy={false} onClose={onCancel} role="alertdialog" size="sm">
      <Dialog.Header>
        <Dialog.Title>{question.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Dialog.Description>{question.detail}</Dialog.Description>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button colorPalette="red" onClick={onConfirm}>
          {question.confirm}
        </Button>
      </Dialog.Footer>
    </BusyDialog>
  );
}
