/** 'Resend code' on Confirm Email: the button, its 60-second countdown and what happened (resendCode machine). */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectResendCode, selectResendCoolingDown, type SignInFlowActorRef } from '../../machines/auth';
import { resendCodeIntents } from '../../machines/auth/stepIntents';
import { useIntents } from '../shared/useIntents';

export function ResendCode({ flow, disabled }: { flow: SignInFlowActorRef; disabled: boolean }) {
  const resend = useSelector(flow, selectResendCode);
  const notice = useSelector(resend, (s) => s?.context.notice ?? null);
  const error = useSelector(resend, (s) => s?.context.error ?? null);
  const sending = useSelector(resend, (s) => s?.hasTag('pending') ?? false);
  const coolingDown = useSelector(resend, selectResendCoolingDown);
  const secondsLeft = useSelector(resend, (s) => s?.context.secondsLeft ?? 0);
  const { send } = useIntents(resendCodeIntents, resend);
  return (
    <Stack gap="2" align="center">
      <Text role="status" aria-live="polite" fontSize="sm" color="green.fg" textAlign="center">
        {notice}
      </Text>
      {error ? (
        <Text role="alert" fontSize="sm" color="fg.error" textAlign="center">
          {error}
        </Text>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        loading={sending}
        loadingText="Sending..."
        disabled={disabled || coolingDown || !resend}
        onClick={send}
      >
        {coolingDown ? `Resend code in ${secondsLeft} s` : 'Resend code'}
      </Button>
    </Stack>
  );
}
