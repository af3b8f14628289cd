/**
 * A running or finished import while its dialog is closed (after a reload too): its progress bar or
 * its outcome, View to open the dialog, and Dismiss once it is finished. Loaded when there is one.
 */
import { Alert, Button, Flex } from '@chakra-ui/react';
import { importOutcomeTitle } from '../../machines/memberImport';
import type { ImportJob } from '../../contract/imports';
import { ImportProgress } from './ImportProgress';

export function ImportBanner({ job, onView, onDismiss }: { job: ImportJob; onView: () => void; onDismiss: () => void }) {
  const running = job.status === 'running';
  return (
    <Alert.Root status={running ? 'info' : job.status === 'done' ? 'success' : 'warning'} role="region" aria-label="Import CSV">
      <Alert.Indicator />
      <Alert.Content>
        {running ? (
          <ImportProgress job={job} label={`Importing ${job.fileName}`} />
        ) : (
          <Alert.Title>{`${importOutcomeTitle(job)}: ${job.invited} invited`}</Alert.Title>
        )}
      </Alert.Content>
      <Flex gap="2" alignSelf="center" flexShrink={0} wrap="wrap">
        <Button size="sm" variant="outline" onClick={onView}>
          View
        </Button>
        {running ? null : (
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </Flex>
    </Alert.Root>
  );
}
