export {
  invitationMachine,
  RESEND_INVITATION_FALLBACK,
  REVOKE_INVITATION_FALLBACK,
  type InvitationActorRef,
  type InvitationEvent,
  type InvitationSettled,
  type InvitationSnapshot,
} from './invitationMachine';
export { invitationImplementations } from './implementations';
export { invitationIntents } from './intents';
export * from './selectors';
