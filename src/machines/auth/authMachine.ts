/**
 * Authentication (SPEC §4): the session check on start, Sign In and its next steps, Create Account,
 * Confirm Email, Set New Password (expires after 3 minutes), signup completion, the administrator
 * check, sign-out and an expired session. One actor for the whole visit.
 *
 * Side effects are named actors (placeholders here; real ones in ./implementations.ts), the pending
 * confirmation is persisted through two named actions, and the only delay is `challengeExpiry`.
 * Form values stay in the views until submit; each submit event is validated again here with the
 * domain schemas, and the resulting field errors and the form-level error live in context.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  ConfirmCodeFormSchema,
  NewPasswordFormSchema,
  SignInFormSchema,
  SignUpFormSchema,
  validate,
  type ConfirmCodeForm,
  type NewPasswordForm,
  type SignInForm,
  type SignInValues,
  type SignUpForm,
  type SignUpValues,
} from '../../domain/forms';
import type { MeResponse } from '../../contract/api';
import type { SessionUser, SignInResult } from '../../services/identity';
import type { PendingConfirmation } from '../../services/storage';
import { messageOf, placeholderAction, placeholderActor } from '../shared';
import { forgotPasswordMachine } from './forgotPasswordMachine';
import { resendCodeMachine } from './resendCodeMachine';
import { mfaChallengeMachine } from './mfaChallengeMachine';

export type { PendingConfirmation, SessionUser, SignInResult };

/** SPEC §4 / §8 texts owned by this flow (the identity service maps the Cognito errors). */
export const AUTH_MESSAGES = {
  confirmSignUp: 'Please check your email and confirm your account before signing in.',
  mfa: 'Multi-factor authentication required. Please set up or enter your authenticator code.',
  other: 'Additional authentication steps required. Please contact your administrator.',
  signInFailed: 'An error occurred during sign in',
  signUpFailed: 'An error occurred during sign up',
  confirmFailed: 'Invalid confirmation code. Please try again.',
  newPasswordFailed: 'An error occurred while setting your new password',
  accountCreated: 'Account created successfully! You can now sign in.',
  emailConfirmed: 'Email confirmed successfully! Please sign in to complete your account setup.',
  passwordReset: 'Password reset. Sign in with your new password.',
  challengeExpired: 'Your sign-in session has expired. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionCheckFailed: 'We could not check your session. Please sign in.',
  accessCheckFailed: 'We could not load your account.',
} as const;

/** The console logs these (SPEC §8 "logged only"); nothing is shown. */
export const AUTH_LOG_MESSAGES = {
  activationFailed: 'User activation failed (continuing):',
  signupCompletionFailed: 'Signup completion failed (continuing):',
  signupCompletionTimedOut:
    'Account setup is taking longer than expected. It continues on the server: refresh the page in a minute to see your workspace.',
} as const;

export type FieldErrors = Partial<Record<string, string>>;

export type MembershipResult =
  /** The caller belongs to an organisation; `me.isAdmin` says whether the console is theirs. */
  | { readonly kind: 'member'; readonly me: MeResponse }
  /** The API answered 403 or 404: signed in, but not a member the console serves. */
  | { readonly kind: 'noMembership'; readonly status: number };

export interface SessionCheck {
  readonly user: SessionUser | null;
  readonly pending: PendingConfirmation | null;
}

export interface CompleteSignupInput {
  readonly pending: PendingConfirmation;
  readonly email: string;
}

export interface AuthContext {
  user: SessionUser | null;
  /** The email to prefill on Sign In (after an account was created or confirmed). */
  signInEmail: string;
  /** Signed in to an account that is not confirmed yet: Sign In offers 'Enter confirmation code'. */
  unconfirmedEmail: string | null;
  /** SPEC §3 passwordChangeUsername: who is setting a new password. */
  passwordChangeUsername: string | null;
  pendingConfirmation: PendingConfirmation | null;
  fieldErrors: FieldErrors;
  formError: string | null;
  /** A success message for the polite status region. */
  notice: string | null;
  membership: MeResponse | null;
  accessError: string | null;
}

export type AuthEvent =
  | ({ type: 'auth.signIn' } & SignInForm)
  | ({ type: 'auth.signUp' } & SignUpForm)
  | ({ type: 'auth.confirm' } & ConfirmCodeForm)
  | ({ type: 'auth.newPassword' } & NewPasswordForm)
  | { type: 'auth.showSignUp' }
  /** 'Forgot password?' on Sign In, with the email typed there (to prefill). */
  | { type: 'auth.forgotPassword'; email: string }
  /** 'Enter confirmation code' after signing in to an unconfirmed account. */
  | { type: 'auth.enterCode' }
  | { type: 'auth.showSignIn' }
  | { type: 'auth.restartSignUp' }
  | { type: 'auth.backToSignIn' }
  | { type: 'auth.signOut' }
  | { type: 'auth.sessionExpired' }
  | { type: 'auth.retry' };

/** The API client's NetworkError with `timedOut` (checked by shape: machines import no service values). */
function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { timedOut?: unknown }).timedOut === true;
}

function signInValues(event: AuthEvent): SignInValues {
  assertEvent(event, 'auth.signIn');
  const result = validate(SignInFormSchema, event);
  if (!result.ok) throw new Error('auth.signIn reached signingIn without a valid payload');
  return result.value;
}

function signUpValues(event: AuthEvent): SignUpValues {
  assertEvent(event, 'auth.signUp');
  const result = validate(SignUpFormSchema, event);
  if (!result.ok) throw new Error('auth.signUp reached signingUp without a valid payload');
  return result.value;
}

const noErrors = { fieldErrors: {}, formError: null } as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    children: {} as { forgotPassword: 'forgotPassword'; resendCode: 'resendCode'; mfaChallenge: 'mfaChallenge' },
  },
  actors: {
    checkSession: placeholderActor<SessionCheck>('checkSession'),
    signIn: placeholderActor<SignInResult, SignInValues>('signIn'),
    signUp: placeholderActor<{ confirmationRequired: boolean }, SignUpValues>('signUp'),
    confirmSignUp: placeholderActor<void, { email: string; code: string }>('confirmSignUp'),
    completeNewPassword: placeholderActor<SessionUser, { newPassword: string }>('completeNewPassword'),
    loadPendingSignup: placeholderActor<PendingConfirmation | null>('loadPendingSignup'),
    completeSignup: placeholderActor<void, CompleteSignupInput>('completeSignup'),
    activateUser: placeholderActor<unknown>('activateUser'),
    loadMembership: placeholderActor<MembershipResult>('loadMembership'),
    signOut: placeholderActor<void>('signOut'),
    /** The forgot-password flow (./forgotPasswordMachine.ts); its actors are provided with it. */
    forgotPassword: forgotPasswordMachine,
    /** 'Resend code' with its cooldown (./resendCodeMachine.ts); its actor is provided with it. */
    resendCode: resendCodeMachine,
    /** The authenticator-app code at sign-in (./mfaChallengeMachine.ts); its actor is provided with it. */
    mfaChallenge: mfaChallengeMachine,
  },
  guards: {
    isSignInInvalid: ({ event }) => event.type === 'auth.signIn' && !validate(SignInFormSchema, event).ok,
    isSignUpInvalid: ({ event }) => event.type === 'auth.signUp' && !validate(SignUpFormSchema, event).ok,
    isCodeInvalid: ({ event }) => event.type === 'auth.confirm' && !validate(ConfirmCodeFormSchema, event).ok,
    isNewPasswordInvalid: ({ event }) => event.type === 'auth.newPassword' && !validate(NewPasswordFormSchema, event).ok,
    hasUser: (_, check: SessionCheck) => check.user !== null,
    isAwaitingCode: (_, check: SessionCheck) => check.pending?.isRequired === true,
    isSignedIn: (_, result: SignInResult) => result.kind === 'signedIn',
    isNewPasswordRequired: (_, result: SignInResult) => result.kind === 'newPasswordRequired',
    isConfirmSignUp: (_, result: SignInResult) => result.kind === 'confirmSignUp',
    isMfa: (_, result: SignInResult) => result.kind === 'mfa',
    isTotpRequired: (_, result: SignInResult) => result.kind === 'totpRequired',
    isConfirmationRequired: (_, output: { confirmationRequired: boolean }) => output.confirmationRequired,
    /** A confirmed sign-up of this very account whose workspace is not set up yet. */
    isSignupToComplete: ({ context }, pending: PendingConfirmation | null) =>
      pending !== null &&
      !pending.isRequired &&
      // A code entered from Sign In (no Create Account in this browser) has no signup data to send.
      pending.signupData.organization.trim() !== '' &&
      context.user !== null &&
      pending.email.toLowerCase() === context.user.email.toLowerCase(),
    hasUnconfirmedEmail: ({ context }) => context.unconfirmedEmail !== null,
    isAdministrator: (_, result: MembershipResult) => result.kind === 'member' && result.me.isAdmin,
  },
  actions: {
    /** Persist the pending confirmation (localStorage `auth_pending_confirmation`; provided). */
    savePendingConfirmation: placeholderAction<{ pending: PendingConfirmation }>('savePendingConfirmation'),
    /** Remove the persisted pending confirmation (provided). */
    clearPendingConfirmation: placeholderAction('clearPendingConfirmation'),
    clearMessages: assign({ ...noErrors, notice: null, unconfirmedEmail: null }),
    assignUnconfirmedEmail: assign(({ context }) => ({ unconfirmedEmail: context.signInEmail })),
    /** Confirm Email for the account signed in to: the pending confirmation this browser kept for it, or a new one. */
    assignPendingForCode: assign(({ context }) => {
      const email = context.unconfirmedEmail ?? context.signInEmail;
      const kept = context.pendingConfirmation;
      const pending: PendingConfirmation =
        kept && kept.email.toLowerCase() === email.toLowerCase()
          ? { ...kept, isRequired: true }
          : { email, isRequired: true, signupData: { phoneNumber: '', organization: '', fullName: '' } };
      return { pendingConfirmation: pending, unconfirmedEmail: null, ...noErrors, notice: null };
    }),
    assignFieldErrors: assign((_, errors: FieldErrors) => {
      const { form, ...fields } = errors;
      return { fieldErrors: fields, formError: form ?? null, notice: null };
    }),
    assignFormError: assign((_, message: string) => ({ formError: message, notice: null })),
    assignNotice: assign((_, notice: string) => ({ notice, ...noErrors })),
    assignUser: assign((_, user: SessionUser) => ({ user, passwordChangeUsername: null, ...noErrors, notice: null })),
    assignPending: assign((_, pending: PendingConfirmation | null) => ({ pendingConfirmation: pending })),
    forgetPending: assign({ pendingConfirmation: null }),
    assignSignInEmail: assign((_, email: string) => ({ signInEmail: email })),
    assignPasswordChangeUsername: assign((_, username: string | null) => ({ passwordChangeUsername: username })),
    assignMembership: assign((_, membership: MeResponse | null) => ({ membership, accessError: null })),
    assignAccessError: assign((_, { error }: { error: unknown }) => ({ accessError: messageOf(error, AUTH_MESSAGES.accessCheckFailed) })),
    resetSession: assign({ user: null, membership: null, accessError: null, passwordChangeUsername: null, pendingConfirmation: null }),
    logActivationFailure: (_, { error }: { error: unknown }) => {
      console.warn(AUTH_LOG_MESSAGES.activationFailed, error);
    },
    logSignupCompletionFailure: (_, { error }: { error: unknown }) => {
      if (isTimeout(error)) console.warn(AUTH_LOG_MESSAGES.signupCompletionTimedOut);
      else console.warn(AUTH_LOG_MESSAGES.signupCompletionFailed, error);
    },
  },
  delays: {
    /** SPEC §4 / §9: the sign-in state kept between steps expires after 3 minutes. */
    challengeExpiry: 180_000,
  },
}).createMachine({
  id: 'auth',
  initial: 'checkingSession',
  context: {
    user: null,
    signInEmail: '',
    unconfirmedEmail: null,
    passwordChangeUsername: null,
    pendingConfirmation: null,
    fieldErrors: {},
    formError: null,
    notice: null,
    membership: null,
    accessError: null,
  },
  states: {
    checkingSession: {
      tags: ['pending'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              { type: 'assignUser', params: ({ event }) => event.output.user as SessionUser },
              { type: 'assignPending', params: ({ event }) => event.output.pending },
            ],
          },
          {
            // A reload on the code screen stays on the code screen.
            guard: { type: 'isAwaitingCode', params: ({ event }) => event.output },
            target: 'signedOut.confirmEmail',
            actions: { type: 'assignPending', params: ({ event }) => event.output.pending },
          },
          {
            target: 'signedOut',
            actions: [
              { type: 'assignPending', params: ({ event }) => event.output.pending },
              { type: 'assignSignInEmail', params: ({ event }) => event.output.pending?.email ?? '' },
            ],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: { type: 'assignFormError', params: ({ event }) => messageOf(event.error, AUTH_MESSAGES.sessionCheckFailed) },
        },
      },
    },

    signedOut: {
      initial: 'signIn',
      states: {
        signIn: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'auth.signIn': [
                  {
                    guard: 'isSignInInvalid',
                    actions: {
                      type: 'assignFieldErrors',
                      params: ({ event }) => {
                        const result = validate(SignInFormSchema, event);
                        return result.ok ? {} : result.errors;
                      },
                    },
                  },
                  {
                    target: 'submitting',
                    actions: ['clearMessages', { type: 'assignSignInEmail', params: ({ event }) => event.username.trim() }],
                  },
                ],
                'auth.showSignUp': { target: '#auth.signedOut.signUp', actions: 'clearMessages' },
                'auth.enterCode': {
                  guard: 'hasUnconfirmedEmail',
                  target: '#auth.signedOut.confirmEmail',
                  actions: [
                    'assignPendingForCode',
                    {
                      type: 'savePendingConfirmation',
                      params: ({ context }) => ({ pending: context.pendingConfirmation as PendingConfirmation }),
                    },
                  ],
                },
                'auth.forgotPassword': {
                  target: '#auth.signedOut.forgotPassword',
                  actions: ['clearMessages', { type: 'assignSignInEmail', params: ({ event }) => event.email.trim() }],
                },
              },
            },
            submitting: {
              tags: ['pending'],
              invoke: {
                id: 'signIn',
                src: 'signIn',
                input: ({ event }) => signInValues(event),
                onDone: [
                  {
                    guard: { type: 'isSignedIn', params: ({ event }) => event.output },
                    target: '#auth.signedIn',
                    actions: {
                      type: 'assignUser',
                      params: ({ event }) => (event.output as Extract<SignInResult, { kind: 'signedIn' }>).user,
                    },
                  },
                  {
                    guard: { type: 'isNewPasswordRequired', params: ({ event }) => event.output },
                    target: '#auth.signedOut.newPassword',
                    actions: {
                      type: 'assignPasswordChangeUsername',
                      params: ({ event }) => (event.output as Extract<SignInResult, { kind: 'newPasswordRequired' }>).username,
                    },
                  },
                  {
                    guard: { type: 'isConfirmSignUp', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: [{ type: 'assignFormError', params: AUTH_MESSAGES.confirmSignUp }, 'assignUnconfirmedEmail'],
                  },
                  {
                    guard: { type: 'isTotpRequired', params: ({ event }) => event.output },
                    target: '#auth.signedOut.mfa',
                  },
                  {
                    guard: { type: 'isMfa', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: { type: 'assignFormError', params: AUTH_MESSAGES.mfa },
                  },
                  { target: 'idle', actions: { type: 'assignFormError', params: AUTH_MESSAGES.other } },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'assignFormError', params: ({ event }) => messageOf(event.error, AUTH_MESSAGES.signInFailed) },
                },
              },
            },
          },
        },

        signUp: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'auth.signUp': [
                  {
                    guard: 'isSignUpInvalid',
                    actions: {
                      type: 'assignFieldErrors',
                      params: ({ event }) => {
                        const result = validate(SignUpFormSchema, event);
                        return result.ok ? {} : result.errors;
                      },
                    },
                  },
                  {
                    target: 'submitting',
                    actions: [
                      'clearMessages',
                      {
                        type: 'assignPending',
                        params: ({ event }) => {
                          const { email, phoneNumber, organization, fullName } = signUpValues(event);
                          return { email, isRequired: true, signupData: { phoneNumber, organization, fullName } };
                        },
                      },
                    ],
                  },
                ],
                'auth.showSignIn': { target: '#auth.signedOut.signIn', actions: 'clearMessages' },
              },
            },
            submitting: {
              tags: ['pending'],
              invoke: {
                id: 'signUp',
                src: 'signUp',
                input: ({ event }) => signUpValues(event),
                onDone: [
                  {
                    guard: { type: 'isConfirmationRequired', params: ({ event }) => event.output },
                    target: '#auth.signedOut.confirmEmail',
                    actions: {
                      type: 'savePendingConfirmation',
                      params: ({ context }) => ({ pending: context.pendingConfirmation as PendingConfirmation }),
                    },
                  },
                  {
                    target: '#auth.signedOut.signIn',
                    actions: [
                      assign({
                        pendingConfirmation: ({ context }) =>
                          context.pendingConfirmation && { ...context.pendingConfirmation, isRequired: false },
                      }),
                      {
                        type: 'savePendingConfirmation',
                        params: ({ context }) => ({ pending: context.pendingConfirmation as PendingConfirmation }),
                      },
                      { type: 'assignSignInEmail', params: ({ context }) => context.pendingConfirmation?.email ?? '' },
                      { type: 'assignNotice', params: AUTH_MESSAGES.accountCreated },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    'forgetPending',
                    { type: 'assignFormError', params: ({ event }) => messageOf(event.error, AUTH_MESSAGES.signUpFailed) },
                  ],
                },
              },
            },
          },
        },

        confirmEmail: {
          initial: 'idle',
          invoke: {
            id: 'resendCode',
            src: 'resendCode',
            input: ({ context }) => ({ email: context.pendingConfirmation?.email ?? '' }),
          },
          states: {
            idle: {
              on: {
                'auth.confirm': [
                  {
                    guard: 'isCodeInvalid',
                    actions: {
                      type: 'assignFieldErrors',
                      params: ({ event }) => {
                        const result = validate(ConfirmCodeFormSchema, event);
                        return result.ok ? {} : result.errors;
                      },
                    },
                  },
                  { target: 'submitting', actions: 'clearMessages' },
                ],
                'auth.restartSignUp': {
                  target: '#auth.signedOut.signUp',
                  actions: ['clearMessages', 'forgetPending', 'clearPendingConfirmation'],
                },
              },
            },
            submitting: {
              tags: ['pending'],
              invoke: {
                id: 'confirmSignUp',
                src: 'confirmSignUp',
                input: ({ context, event }) => {
                  assertEvent(event, 'auth.confirm');
                  return { email: context.pendingConfirmation?.email ?? '', code: event.code.trim() };
                },
                onDone: {
                  target: '#auth.signedOut.signIn',
                  actions: [
                    assign({
                      pendingConfirmation: ({ context }) =>
                        context.pendingConfirmation && { ...context.pendingConfirmation, isRequired: false },
                    }),
                    {
                      type: 'savePendingConfirmation',
                      params: ({ context }) => ({ pending: context.pendingConfirmation as PendingConfirmation }),
                    },
                    { type: 'assignSignInEmail', params: ({ context }) => context.pendingConfirmation?.email ?? '' },
                    { type: 'assignNotice', params: AUTH_MESSAGES.emailConfirmed },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'assignFormError', params: ({ event }) => messageOf(event.error, AUTH_MESSAGES.confirmFailed) },
                },
              },
            },
          },
        },

        forgotPassword: {
          invoke: {
            id: 'forgotPassword',
            src: 'forgotPassword',
            input: ({ context }) => ({ email: context.signInEmail }),
            onDone: {
              target: 'signIn',
              actions: [
                { type: 'assignSignInEmail', params: ({ event }) => event.output.email },
                { type: 'assignNotice', params: AUTH_MESSAGES.passwordReset },
              ],
            },
          },
          on: {
            'auth.showSignIn': { target: 'signIn', actions: 'clearMessages' },
          },
        },

        /** SOFTWARE_TOKEN_MFA: the authenticator code, within the 3 minutes the challenge lives. */
        mfa: {
          invoke: {
            id: 'mfaChallenge',
            src: 'mfaChallenge',
            onDone: { target: '#auth.signedIn', actions: { type: 'assignUser', params: ({ event }) => event.output.user } },
          },
          after: {
            challengeExpiry: { target: 'signIn', actions: { type: 'assignFormError', params: AUTH_MESSAGES.challengeExpired } },
          },
          on: {
            'auth.backToSignIn': { target: 'signIn', actions: 'clearMessages' },
          },
        },

        newPassword: {
          initial: 'idle',
          after: {
            challengeExpiry: {
              target: '#auth.signedOut.signIn',
              actions: [
                { type: 'assignPasswordChangeUsername', params: null },
                { type: 'assignFormError', params: AUTH_MESSAGES.challengeExpired },
              ],
            },
          },
          states: {
            idle: {
              on: {
                'auth.backToSignIn': {
                  target: '#auth.signedOut.signIn',
                  actions: ['clearMessages', { type: 'assignPasswordChangeUsername', params: null }],
                },
                'auth.newPassword': [
                  {
                    guard: 'isNewPasswordInvalid',
                    actions: {
                      type: 'assignFieldErrors',
                      params: ({ event }) => {
                        const result = validate(NewPasswordFormSchema, event);
                        return result.ok ? {} : result.errors;
                      },
                    },
                  },
                  { target: 'submitting', actions: 'clearMessages' },
                ],
              },
            },
            submitting: {
              tags: ['pending'],
              invoke: {
                id: 'completeNewPassword',
                src: 'completeNewPassword',
                input: ({ event }) => {
                  assertEvent(event, 'auth.newPassword');
                  return { newPassword: event.password };
                },
                onDone: {
                  target: '#auth.signedIn.activating',
                  actions: { type: 'assignUser', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'assignFormError',
                    params: ({ event }) => messageOf(event.error, AUTH_MESSAGES.newPasswordFailed),
                  },
                },
              },
            },
          },
        },
      },
    },

    signedIn: {
      initial: 'checkingPendingSignup',
      on: {
        'auth.signOut': { target: 'signingOut', actions: 'clearMessages' },
        'auth.sessionExpired': {
          target: 'signingOut',
          actions: { type: 'assignFormError', params: AUTH_MESSAGES.sessionExpired },
        },
      },
      states: {
        checkingPendingSignup: {
          tags: ['pending'],
          invoke: {
            id: 'loadPendingSignup',
            src: 'loadPendingSignup',
            onDone: [
              {
                guard: { type: 'isSignupToComplete', params: ({ event }) => event.output },
                target: 'completingSignup',
                actions: { type: 'assignPending', params: ({ event }) => event.output },
              },
              { target: 'checkingAccess' },
            ],
            onError: { target: 'checkingAccess' },
          },
        },
        completingSignup: {
          tags: ['pending'],
          invoke: {
            id: 'completeSignup',
            src: 'completeSignup',
            input: ({ context }) => ({
              pending: context.pendingConfirmation as PendingConfirmation,
              email: context.user?.email ?? '',
            }),
            onDone: {
              target: 'checkingAccess',
              actions: ['forgetPending', 'clearPendingConfirmation'],
            },
            onError: {
              target: 'checkingAccess',
              actions: [
                { type: 'logSignupCompletionFailure', params: ({ event }) => ({ error: event.error }) },
                'forgetPending',
                'clearPendingConfirmation',
              ],
            },
          },
        },
        activating: {
          tags: ['pending'],
          invoke: {
            id: 'activateUser',
            src: 'activateUser',
            onDone: { target: 'checkingAccess' },
            onError: {
              target: 'checkingAccess',
              actions: { type: 'logActivationFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        checkingAccess: {
          tags: ['pending'],
          invoke: {
            id: 'loadMembership',
            src: 'loadMembership',
            onDone: [
              {
                guard: { type: 'isAdministrator', params: ({ event }) => event.output },
                target: 'authorized',
                actions: {
                  type: 'assignMembership',
                  params: ({ event }) => (event.output.kind === 'member' ? event.output.me : null),
                },
              },
              {
                target: 'notAdministrator',
                actions: {
                  type: 'assignMembership',
                  params: ({ event }) => (event.output.kind === 'member' ? event.output.me : null),
                },
              },
            ],
            onError: {
              target: 'accessFailed',
              actions: { type: 'assignAccessError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        authorized: {},
        notAdministrator: {},
        accessFailed: {
          on: { 'auth.retry': 'checkingAccess' },
        },
      },
    },

    signingOut: {
      tags: ['pending'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['resetSession', 'clearPendingConfirmation'] },
        // Signing out never fails for the person: the local session is gone either way.
        onError: { target: 'signedOut', actions: ['resetSession', 'clearPendingConfirmation'] },
      },
    },
  },
});

export type AuthActorRef = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;
