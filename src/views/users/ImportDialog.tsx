/**
 * Import CSV (docs/USERS.md): the dialog, loaded when it first opens (a chunk of its own, so the
 * /users page does not carry it). It renders the import machine's step through its selectors and
 * sends what the administrator does through its intents; the machine checks the file and owns
 * every message.
 */
import { Box, Button, CloseButton, Dialog, Field, Flex, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, Upload } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { IMPORT_TEMPLATE_CSV } from '../../domain/memberImport';
import { formatCount } from '../../domain/intl';
import {
  IMPORT_LIMITS_TEXT,
  importOutcome,
  importOutcomeTitle,
  memberImportIntents,
  selectCanConfirmImport,
  selectCanDownloadFailed,
  selectImportError,
  selectImportJob,
  selectImportRowErrors,
  selectImportStep,
  selectIsCancelling,
  selectIsCheckingFile,
  selectIsDismissing,
  selectIsDownloadingFailed,
  selectIsImportBusy,
  selectIsStarting,
  type MemberImportActorRef,
} from '../../machines/memberImport';
import { ROLES } from '../../contract/api';
import type { ImportJob } from '../../contract/imports';
import { Banner } from '../shared/Banner';
import { BusyDialog } from '../shared/BusyDialog';
import { useIntents } from '../shared/useIntents';
import { ImportProgress } from './ImportProgress';

/** The roles a row may name, from the contract: 'Field Worker, Supervisor, Project Manager or Admin'. */
const ROLE_LIST = `${ROLES.slice(0, -1).join(', ')} or ${ROLES[ROLES.length - 1] ?? ''}`;

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATE_CSV)}`;

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** Figures as a list of terms and values (each row: what, how many). */
function Figures({ label, figures }: { label: string; figures: Array<{ label: string; value: string }> }) {
  return (
    <Box as="dl" aria-label={label} borderWidth="1px" borderRadius="md">
      {figures.map((figure) => (
        <Flex key={figure.label} justify="space-between" gap="3" px="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
          <Text as="dt">{figure.label}</Text>
          <Text as="dd" fontWeight="semibold">
            {figure.value}
          </Text>
        </Flex>
      ))}
    </Box>
  );
}

function ChooseStep({ actorRef }: { actorRef: MemberImportActorRef }) {
  const checking = useSelector(actorRef, selectIsCheckingFile);
  const { chooseFile } = useIntents(memberImportIntents, actorRef);
  const [dragging, setDragging] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) chooseFile(file);
  };
  return (
    <Stack gap="4">
      <Dialog.Description color="fg.muted">
        {`Invite a crew from a spreadsheet: one row per member, with the columns Name, Email, Phone, Role and Licence. Role is ${ROLE_LIST} (blank: Field Worker); Licence is Yes or No. You see what will happen before anything is created.`}
      </Dialog.Description>
      <Link href={TEMPLATE_HREF} download="hardline-import-template.csv" colorPalette="brand" alignSelf="flex-start">
        <Download aria-hidden /> Download template
      </Link>
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.solid' : 'border'}
        borderRadius="lg"
        p="4"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Field.Root disabled={checking}>
          <Field.Label>
            <Upload aria-hidden /> CSV file
          </Field.Label>
          <Input
            type="file"
            accept=".csv,text/csv"
            p="1"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) chooseFile(file);
              e.currentTarget.value = '';
            }}
          />
          <Field.HelperText>Choose a file or drop it here. {IMPORT_LIMITS_TEXT}</Field.HelperText>
        </Field.Root>
      </Box>
      {checking ? (
        <Text role="status" color="fg.muted">
          Checking the file…
        </Text>
      ) : null}
    </Stack>
  );
}

function ReviewStep({ actorRef, job }: { actorRef: MemberImportActorRef; job: ImportJob }) {
  const rowErrors = useSelector(actorRef, selectImportRowErrors);
  return (
    <Stack gap="4">
      <Dialog.Description>
        The dry run of {job.fileName}: {plural(job.total, 'row', 'rows')} read. Nothing has been created yet.
      </Dialog.Description>
      <Figures
        label="What the import will do"
        figures={[
          { label: 'New invitations', value: formatCount(job.toInvite) },
          { label: 'Matching existing members (unchanged)', value: formatCount(job.existing) },
          { label: 'Rows with errors (not imported)', value: formatCount(job.invalid) },
        ]}
      />
      {rowErrors.length > 0 ? (
        <Box overflowX="auto" maxHeight="60" overflowY="auto">
          <Table.Root size="sm" aria-label="Rows with errors">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Row</Table.ColumnHeader>
                <Table.ColumnHeader>Field</Table.ColumnHeader>
                <Table.ColumnHeader>Message</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rowErrors.map((e) => (
                <Table.Row key={e.row}>
                  <Table.Cell>{e.row}</Table.Cell>
                  <Table.Cell>{e.field}</Table.Cell>
                  <Table.Cell>{e.message}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
      {job.invalid > rowErrors.length ? (
        <Text color="fg.muted">
          The first {formatCount(rowErrors.length)} are listed; after the import, Download failed rows has every one.
        </Text>
      ) : null}
      {job.toInvite === 0 ? <Text>There is no one new to invite in this file.</Text> : null}
    </Stack>
  );
}

function ProgressStep({ job }: { job: ImportJob }) {
  return (
    <Stack gap="4">
      <ImportProgress job={job} label={`Importing ${job.fileName}`} />
      <Text color="fg.muted">
        {plural(job.invited, 'member', 'members')} invited so far
        {job.failed > 0 ? `, ${formatCount(job.failed)} failed` : ''}. The import goes on if you close this dialog.
      </Text>
    </Stack>
  );
}

function SummaryStep({ job }: { job: ImportJob }) {
  return (
    <Stack gap="4">
      <Text fontWeight="medium">{importOutcomeTitle(job)}</Text>
      <Figures label="What the import did" figures={importOutcome(job)} />
    </Stack>
  );
}

export function ImportDialog({ actorRef }: { actorRef: MemberImportActorRef }) {
  const step = useSelector(actorRef, selectImportStep);
  const job = useSelector(actorRef, selectImportJob);
  const error = useSelector(actorRef, selectImportError);
  const busy = useSelector(actorRef, selectIsImportBusy);
  const starting = useSelector(actorRef, selectIsStarting);
  const cancelling = useSelector(actorRef, selectIsCancelling);
  const downloading = useSelector(actorRef, selectIsDownloadingFailed);
  const dismissing = useSelector(actorRef, selectIsDismissing);
  const canConfirm = useSelector(actorRef, selectCanConfirmImport);
  const canDownload = useSelector(actorRef, selectCanDownloadFailed);
  const intents = useIntents(memberImportIntents, actorRef);
  // Closing never loses a job: a running one goes on (the banner shows it), a finished one stays until Done.
  const closable = !starting && !dismissing;

  return (
    <BusyDialog busy={!closable} onClose={intents.close} size="lg">
      <Dialog.Header>
        <Dialog.Title>Import CSV</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="4">
        <Banner status="error" message={error} />
        {step === 'choose' ? <ChooseStep actorRef={actorRef} /> : null}
        {step === 'review' && job ? <ReviewStep actorRef={actorRef} job={job} /> : null}
        {step === 'progress' && job ? <ProgressStep job={job} /> : null}
        {step === 'summary' && job ? <SummaryStep job={job} /> : null}
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        {step === 'choose' ? (
          <Button variant="outline" onClick={intents.close}>
            Cancel
          </Button>
        ) : null}
        {step === 'review' && job ? (
          <>
            <Button variant="ghost" onClick={intents.chooseAnother} disabled={starting}>
              Choose another file
            </Button>
            <Button variant="outline" onClick={intents.close} disabled={starting}>
              Cancel
            </Button>
            <Button colorPalette="brand" onClick={intents.confirm} disabled={!canConfirm} loading={starting} loadingText="Starting…">
              Invite {plural(job.toInvite, 'member', 'members')}
            </Button>
          </>
        ) : null}
        {step === 'progress' ? (
          <>
            <Button variant="outline" colorPalette="red" onClick={intents.cancel} loading={cancelling} loadingText="Cancelling…">
              Cancel import
            </Button>
            <Button variant="outline" onClick={intents.close}>
              Close
            </Button>
          </>
        ) : null}
        {step === 'summary' ? (
          <>
            {canDownload || downloading ? (
              <Button variant="outline" onClick={intents.downloadFailed} loading={downloading} loadingText="Preparing…">
                <Download aria-hidden /> Download failed rows
              </Button>
            ) : null}
            <Button
              colorPalette="brand"
              onClick={intents.dismiss}
              loading={dismissing}
              loadingText="Closing…"
              disabled={busy && !dismissing}
            >
              Done
            </Button>
          </>
        ) : null}
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild disabled={!closable}>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </BusyDialog>
  );
}
