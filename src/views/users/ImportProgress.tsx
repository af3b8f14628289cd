import { HStack, Progress } from '@chakra-ui/react';
import { importPercent, importProgressText } from '../../machines/memberImport';
import type { ImportJob } from '../../contract/imports';

/** A running import's progress bar (Chakra Progress), named and with its figures. */
export function ImportProgress({ job, label }: { job: ImportJob; label: string }) {
  return (
    <Progress.Root value={importPercent(job)} max={100} colorPalette="brand" size="sm" width="full">
      <HStack gap="3" justify="space-between" mb="1">
        <Progress.Label>{label}</Progress.Label>
        <Progress.ValueText>{importProgressText(job)}</Progress.ValueText>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
