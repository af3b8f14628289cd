/**
 * The body and footer of the two-factor dialog: a thin view of the two-factor machine
 * (src/machines/twoFactor). What a code field holds stays here until it is submitted; the machine
 * validates it, checks it with the pool and owns every message.
 */
import { Badge, Box, Button, Code, Dialog, Field, Heading, HStack, Input, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  keyInBlocks,
  selectCodeError,
  selectError,
  selectFormError,
  selectIsCheckingCode,
  selectIsPending,
  selectNotice,
  selectPhase,
  selectSetup,
  twoFactorIntents,
  type TwoFactorActorRef,
  type TwoFactorPhase,
} from '../../machines/twoFactor';
import type { TwoFactorSetup } from '../../services/identity';
import { Banner } from '../shared/Banner';
import { useIntents } from '../shared/useIntents';
import { QrCode } from './QrCode';

/** Parts of the dialog: the phases that look alike share one. */
type Section = 'loading' | 'loadFailed' | 'status' | 'setup' | 'turnOff';

const SECTION_OF: Record<TwoFactorPhase, Section> = {
  loading: 'loading',
  loadFailed: 'loadFailed',
  off: 'status',
  associating: 'status',
  on: 'status',
  settingUp: 'setup',
  turningOff: 'turnOff',
};

const QR_LABEL = 'QR code for your authenticator app';

/**
 * Moves focus to the part that has just replaced another (the button that led there is gone), not
 * on the first one: the dialog places focus when it opens.
 */
function useFocusOnSectionChange(section: Section): RefObject<HTMLElement | null> {
  const target = useRef<HTMLElement | null>(null);
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current !== section) target.current?.focus();
    shown.current = section;
  }, [section]);
  return target;
}

function CodeField({
  value,
  onChange,
  error,
  disabled,
  helper,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
  helper: string;
  inputRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <Field.Root invalid={error !== null} required>
      <Field.Label>6-digit code</Field.Label>
      <Input
        ref={inputRef as RefObject<HTMLInputElement | null> | undefined}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        value={value}
        readOnly={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
        maxW="12rem"
        fontSize="lg"
        letterSpacing="0.3em"
      />
      <Field.HelperText>{helper}</Field.HelperText>
      <Field.ErrorText role="alert">{error}</Field.ErrorText>
    </Field.Root>
  );
}

function CopyKeyButton({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (copied !== 'yes') return undefined;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    const write = navigator.clipboard?.writeText(secret) ?? Promise.reject(new Error('No clipboard'));
    write.then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <>
      <Button size="xs" variant="outline" onClick={copy} aria-label={copied === 'yes' ? 'Key copied' : 'Copy key'}>
        {copied === 'yes' ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </Button>
      <Text role="status" fontSize="xs" color="fg.muted" width="full">
        {copied === 'failed' ? 'Copying is not allowed here: select the key and copy it.' : null}
      </Text>
    </>
  );
}

/** A code step (turn on, turn off): what was typed, the machine's errors, and its submit. */
function useCodeStep(actor: TwoFactorActorRef) {
  const [code, setCode] = useState('');
  const checking = useSelector(actor, selectIsCheckingCode);
  const codeError = useSelector(actor, selectCodeError);
  const formError = useSelector(actor, selectFormError);
  const { submitCode } = useIntents(twoFactorIntents, actor);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    submitCode(code);
  };
  return { code, setCode, checking, codeError, formError, submit };
}

function SetupStep({
  actor,
  setup,
  formId,
  headingRef,
}: {
  actor: TwoFactorActorRef;
  setup: TwoFactorSetup;
  formId: string;
  headingRef: RefObject<HTMLElement | null>;
}) {
  const { code, setCode, checking, codeError, formError, submit } = useCodeStep(actor);
  return (
    <Stack gap="4">
      <Heading as="h3" size="md" tabIndex={-1} ref={headingRef as RefObject<HTMLHeadingElement | null>} outline="none">
        Set up your authenticator app
      </Heading>
      <List.Root as="ol" gap="4" ps="5">
        <List.Item>
          <Text mb="3">
            Scan this QR code with your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).
          </Text>
          <Box display="flex" justifyContent="center">
            <QrCode value={setup.uri} label={QR_LABEL} />
          </Box>
        </List.Item>
        <List.Item>
          <Text mb="2">Or enter this key in the app by hand (time-based, for {setup.account}):</Text>
          <HStack gap="2" wrap="wrap" align="center">
            <Code size="lg" fontFamily="mono" wordBreak="break-all" data-testid="two-factor-key">
              {keyInBlocks(setup.secret)}
            </Code>
            <CopyKeyButton secret={setup.secret} />
          </HStack>
        </List.Item>
        <List.Item>
          <form id={formId} noValidate onSubmit={submit} aria-label="Turn on two-factor sign-in">
            <Stack gap="3">
              <Banner status="error" message={formError} />
              <CodeField
                value={code}
                onChange={setCode}
                error={codeError}
                disabled={checking}
                helper="Enter the code the app shows for Hardline."
              />
            </Stack>
          </form>
        </List.Item>
      </List.Root>
    </Stack>
  );
}

function TurnOffStep({ actor, formId, inputRef }: { actor: TwoFactorActorRef; formId: string; inputRef: RefObject<HTMLElement | null> }) {
  const { code, setCode, checking, codeError, formError, submit } = useCodeStep(actor);
  return (
    <Stack gap="4">
      <Heading as="h3" size="md">
        Turn off two-factor sign-in
      </Heading>
      <Text>Sign-in will ask for your password only. To confirm it is you, enter a current code from your authenticator app.</Text>
      <form id={formId} noValidate onSubmit={submit} aria-label="Turn off two-factor sign-in">
        <Stack gap="3">
          <Banner status="error" message={formError} />
          <CodeField
            value={code}
            onChange={setCode}
            error={codeError}
            disabled={checking}
            helper="Enter the code the app shows now."
            inputRef={inputRef}
          />
        </Stack>
      </form>
    </Stack>
  );
}

function StatusSection({ actor, headingRef }: { actor: TwoFactorActorRef; headingRef: RefObject<HTMLElement | null> }) {
  const phase = useSelector(actor, selectPhase);
  const notice = useSelector(actor, selectNotice);
  const error = useSelector(actor, selectError);
  const on = phase === 'on';
  return (
    <Stack gap="4">
      <Banner status="success" message={notice} />
      <Banner status="error" message={error} />
      <Heading as="h3" size="md" tabIndex={-1} ref={headingRef as RefObject<HTMLHeadingElement | null>} outline="none">
        Status:{' '}
        <Badge colorPalette={on ? 'green' : 'gray'} size="lg" verticalAlign="middle">
          {on ? 'On' : 'Off'}
        </Badge>
      </Heading>
      <Text>
        {on
          ? 'Signing in asks for your password and then a code from your authenticator app.'
          : 'Signing in asks for your password only. Add a code from an authenticator app on your phone as a second step.'}
      </Text>
    </Stack>
  );
}

export function TwoFactorPanel({ actor, onClose }: { actor: TwoFactorActorRef; onClose: () => void }) {
  const phase = useSelector(actor, selectPhase);
  const pending = useSelector(actor, selectIsPending);
  const setup = useSelector(actor, selectSetup);
  const error = useSelector(actor, selectError);
  const section = SECTION_OF[phase];
  const focusTarget = useFocusOnSectionChange(section);
  const formId = useId();
  const { cancel: cancelStep, retry, startSetup, turnOff } = useIntents(twoFactorIntents, actor);

  const cancel = (
    <Button variant="outline" onClick={cancelStep} disabled={pending}>
      Cancel
    </Button>
  );
  const done = (
    <Button variant="outline" onClick={onClose} disabled={pending}>
      Done
    </Button>
  );

  return (
    <>
      <Dialog.Body display="flex" flexDirection="column" gap="4">
        <Dialog.Description color="fg.muted">
          A second step at sign-in: after your password, the 6-digit code your authenticator app shows.
        </Dialog.Description>
        {section === 'loading' ? (
          <HStack role="status" gap="3" color="fg.muted">
            <Spinner size="sm" />
            <Text>Checking two-factor sign-in...</Text>
          </HStack>
        ) : null}
        {section === 'loadFailed' ? <Banner status="error" message={error} /> : null}
        {section === 'status' ? <StatusSection actor={actor} headingRef={focusTarget} /> : null}
        {section === 'setup' && setup ? <SetupStep actor={actor} setup={setup} formId={formId} headingRef={focusTarget} /> : null}
        {section === 'turnOff' ? <TurnOffStep actor={actor} formId={formId} inputRef={focusTarget} /> : null}
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        {section === 'loadFailed' ? (
          <Button colorPalette="brand" onClick={retry}>
            Try again
          </Button>
        ) : null}
        {phase === 'off' || phase === 'associating' ? (
          <>
            {done}
            <Button colorPalette="brand" onClick={startSetup} loading={phase === 'associating'} loadingText="Starting setup...">
              Set up
            </Button>
          </>
        ) : null}
        {phase === 'on' ? (
          <>
            {done}
            <Button colorPalette="red" variant="outline" onClick={turnOff}>
              Turn off
            </Button>
          </>
        ) : null}
        {section === 'setup' || section === 'turnOff' ? (
          <>
            {cancel}
            <Button
              type="submit"
              form={formId}
              colorPalette={section === 'setup' ? 'brand' : 'red'}
              loading={pending}
              loadingText="Checking..."
            >
              {section === 'setup' ? 'Turn on' : 'Turn off'}
            </Button>
          </>
        ) : null}
      </Dialog.Footer>
    </>
  );
}
