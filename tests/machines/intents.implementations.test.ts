// @vitest-environment node
/**
 * The named intents (src/machines/<machine>/intents.ts and the auth machines' stepIntents.ts and
 * authIntents.ts): what each function a view calls sends to its machine. Each is called on a ref that
 * only records what it is sent, so the exact event (its type and every field) is checked; every
 * factory offers exactly the intents listed here (one removed or renamed fails), and every event type
 * they send is one the machine handles somewhere in its chart (a misspelled type would be dropped
 * silently by XState).
 */
import { describe, expect, it } from 'vitest';
import type { StripeElements } from '@stripe/stripe-js';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { activityIntents } from '../../src/machines/activity/intents';
import { activityMachine } from '../../src/machines/activity/activityMachine';
import { addUserIntents } from '../../src/machines/addUser/intents';
import { addUserMachine } from '../../src/machines/addUser/addUserMachine';
import { signInFlowIntents } from '../../src/machines/auth/intents';
import { signInFlowMachine } from '../../src/machines/auth/signInFlowMachine';
import { forgotPasswordIntents, mfaChallengeIntents, resendCodeIntents } from '../../src/machines/auth/stepIntents';
import { forgotPasswordMachine } from '../../src/machines/auth/forgotPasswordMachine';
import { mfaChallengeMachine } from '../../src/machines/auth/mfaChallengeMachine';
import { resendCodeMachine } from '../../src/machines/auth/resendCodeMachine';
import { authIntents } from '../../src/machines/auth/authIntents';
import { authMachine } from '../../src/machines/auth/authMachine';
import { billingOverviewIntents } from '../../src/machines/billingOverview/intents';
import { billingOverviewMachine } from '../../src/machines/billingOverview/billingOverviewMachine';
import { chatIntents } from '../../src/machines/chat/intents';
import { chatMachine } from '../../src/machines/chat/chatMachine';
import { dashboardIntents } from '../../src/machines/dashboard/intents';
import { dashboardMachine } from '../../src/machines/dashboard/dashboardMachine';
import { editUserIntents } from '../../src/machines/editUser/intents';
import { editUserMachine } from '../../src/machines/editUser/editUserMachine';
import { invitationIntents } from '../../src/machines/invitation/intents';
import { invitationMachine } from '../../src/machines/invitation/invitationMachine';
import { loadIntents } from '../../src/machines/load/intents';
import { memberImportIntents } from '../../src/machines/memberImport/intents';
import { memberImportMachine } from '../../src/machines/memberImport/memberImportMachine';
import { paymentIntents } from '../../src/machines/payment/intents';
import { paymentMachine } from '../../src/machines/payment/paymentMachine';
import { rowChangesIntents } from '../../src/machines/rowChanges/intents';
import { rowChangesMachine } from '../../src/machines/rowChanges/rowChangesMachine';
import { subscriptionIntents } from '../../src/machines/subscription/intents';
import { subscriptionMachine } from '../../src/machines/subscription/subscriptionMachine';
import { twoFactorIntents } from '../../src/machines/twoFactor/intents';
import { twoFactorMachine } from '../../src/machines/twoFactor/twoFactorMachine';
import { userBillingIntents } from '../../src/machines/userBilling/intents';
import { userBillingMachine } from '../../src/machines/userBilling/userBillingMachine';
import { usersListIntents } from '../../src/machines/usersList/intents';
import { usersListMachine } from '../../src/machines/usersList/usersListMachine';
import { makeUser } from '../views/users/fixtures';

/** An actor ref that only keeps what it is sent, in order. */
function recordingRef<TRef>() {
  const sent: unknown[] = [];
  const ref = { send: (event: unknown) => void sent.push(event) } as unknown as TRef;
  return { ref, sent };
}

type AnyIntents = Record<string, (...args: never[]) => unknown>;
/** For each intent: the arguments a view passes, and the one event the machine must receive. */
type IntentCases<TIntents extends AnyIntents> = {
  [K in keyof TIntents]: { args: Parameters<TIntents[K]>; sends: { type: string } & Record<string, unknown> };
};

/** What one intent, called once on a fresh recording ref, sends. */
function sentBy<TRef, TIntents extends AnyIntents, K extends keyof TIntents>(
  factory: (ref: TRef) => TIntents,
  name: K,
  ...args: Parameters<TIntents[K]>
) {
  const { ref, sent } = recordingRef<TRef>();
  const intent = factory(ref)[name] as (...a: Parameters<TIntents[K]>) => unknown;
  intent(...args);
  return sent;
}

/** Every event descriptor a machine's chart has a transition for, in any state. */
function handledEvents(machine: AnyStateMachine): Set<string> {
  const events = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const descriptor of Object.keys(node.on)) events.add(descriptor);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return events;
}

/** Whether the machine has a transition that an event of this type takes, in some state. */
function handles(machine: AnyStateMachine, type: string): boolean {
  return handledEvents(machine).has(type);
}

/**
 * The shared checks of one intents factory: each intent sends exactly its event (once), the factory
 * offers exactly these intents, and the machine handles every type they send.
 */
function describeIntents<TRef, TIntents extends AnyIntents>(
  factory: (ref: TRef) => TIntents,
  machine: AnyStateMachine,
  cases: IntentCases<TIntents>,
) {
  const names = Object.keys(cases) as Array<keyof TIntents & string>;

  it.each(names)('%s sends its event, with what the view passed', (name) => {
    expect(sentBy(factory, name, ...cases[name].args)).toEqual([cases[name].sends]);
  });

  it('offers exactly the intents its views use', () => {
    const { ref } = recordingRef<TRef>();
    expect(Object.keys(factory(ref)).sort()).toEqual([...names].sort());
  });

  it('sends only events its machine handles', () => {
    const unhandled = names.map((name) => cases[name].sends.type).filter((type) => !handles(machine, type));
    expect(unhandled).toEqual([]);
  });
}

const MEMBER = makeUser(3);
const OTHER = makeUser(7, { isActive: false });

describe('the Activity screen', () => {
  describeIntents(activityIntents, activityMachine, {
    filterKind: { args: ['member.deleted'], sends: { type: 'activity.filterKind', kind: 'member.deleted' } },
    filterMember: {
      args: [{ memberId: 'u-12', name: 'Ana Diaz' }],
      sends: { type: 'activity.filterMember', memberId: 'u-12', name: 'Ana Diaz' },
    },
    clearMember: { args: [], sends: { type: 'activity.clearMember' } },
    filterActor: {
      args: [{ memberId: 'u-1', name: 'Lee Admin' }],
      sends: { type: 'activity.filterActor', memberId: 'u-1', name: 'Lee Admin' },
    },
    clearActor: { args: [], sends: { type: 'activity.clearActor' } },
    filterDates: {
      args: [{ from: '2026-01-05', to: '2026-02-10' }],
      sends: { type: 'activity.filterDates', from: '2026-01-05', to: '2026-02-10' },
    },
    clearFilters: { args: [], sends: { type: 'activity.clearFilters' } },
    export: { args: [], sends: { type: 'activity.export' } },
    goToPage: { args: [4], sends: { type: 'activity.goToPage', page: 4 } },
    retry: { args: [], sends: { type: 'activity.retry' } },
    refresh: { args: [], sends: { type: 'activity.refresh' } },
  });

  it('sends an empty date field as no date, and keeps the other one', () => {
    expect(sentBy(activityIntents, 'filterDates', { from: '', to: '2026-02-10' })).toEqual([
      { type: 'activity.filterDates', from: null, to: '2026-02-10' },
    ]);
    expect(sentBy(activityIntents, 'filterDates', { from: '2026-01-05', to: '' })).toEqual([
      { type: 'activity.filterDates', from: '2026-01-05', to: null },
    ]);
    expect(sentBy(activityIntents, 'filterDates', { from: '', to: '' })).toEqual([{ type: 'activity.filterDates', from: null, to: null }]);
  });

  it('keeps a date field that holds only a space as typed (only an empty field is no date)', () => {
    expect(sentBy(activityIntents, 'filterDates', { from: ' ', to: ' ' })).toEqual([{ type: 'activity.filterDates', from: ' ', to: ' ' }]);
  });
});

describe('the Add User dialog', () => {
  const values = {
    name: 'Ana Diaz',
    email: 'ana@example.com',
    phoneNumber: '+1 555 0100',
    role: 'Supervisor' as const,
    hasLicense: true,
    isActive: false,
  };
  describeIntents(addUserIntents, addUserMachine, {
    submit: { args: [values], sends: { type: 'addUser.submit', values } },
  });
});

describe('the Edit User dialog', () => {
  const values = { name: 'Ana Diaz', email: 'ana@example.com', phoneNumber: '+1 555 0100', role: 'Admin' as const };
  describeIntents(editUserIntents, editUserMachine, {
    submit: { args: [values], sends: { type: 'editUser.submit', values } },
  });
});

describe('the login screen', () => {
  describeIntents(signInFlowIntents, signInFlowMachine, {
    signIn: {
      args: [{ username: 'ana@example.com', password: 'hunter2!' }],
      sends: { type: 'auth.signIn', username: 'ana@example.com', password: 'hunter2!' },
    },
    signUp: {
      args: [
        {
          fullName: 'Ana Diaz',
          email: 'ana@example.com',
          phoneNumber: '+1 555 0100',
          organization: 'Hardline',
          password: 'Secret#2026',
          confirmPassword: 'Secret#2026',
        },
      ],
      sends: {
        type: 'auth.signUp',
        fullName: 'Ana Diaz',
        email: 'ana@example.com',
        phoneNumber: '+1 555 0100',
        organization: 'Hardline',
        password: 'Secret#2026',
        confirmPassword: 'Secret#2026',
      },
    },
    confirm: { args: ['123456'], sends: { type: 'auth.confirm', code: '123456' } },
    setNewPassword: {
      args: [{ password: 'Secret#2026', confirmPassword: 'Secret#2027' }],
      sends: { type: 'auth.newPassword', password: 'Secret#2026', confirmPassword: 'Secret#2027' },
    },
    forgotPassword: { args: ['ana@example.com'], sends: { type: 'auth.forgotPassword', email: 'ana@example.com' } },
    enterCode: { args: [], sends: { type: 'auth.enterCode' } },
    showSignUp: { args: [], sends: { type: 'auth.showSignUp' } },
    showSignIn: { args: [], sends: { type: 'auth.showSignIn' } },
    restartSignUp: { args: [], sends: { type: 'auth.restartSignUp' } },
    backToSignIn: { args: [], sends: { type: 'auth.backToSignIn' } },
  });
});

describe('Forgot password', () => {
  describeIntents(forgotPasswordIntents, forgotPasswordMachine, {
    sendCode: { args: ['ana@example.com'], sends: { type: 'forgot.sendCode', email: 'ana@example.com' } },
    reset: {
      args: [{ code: '654321', password: 'Secret#2026', confirmPassword: 'Secret#2026' }],
      sends: { type: 'forgot.reset', code: '654321', password: 'Secret#2026', confirmPassword: 'Secret#2026' },
    },
    resendCode: { args: [], sends: { type: 'forgot.resendCode' } },
    changeEmail: { args: [], sends: { type: 'forgot.changeEmail' } },
  });
});

describe('the authenticator step at sign-in', () => {
  describeIntents(mfaChallengeIntents, mfaChallengeMachine, {
    submit: { args: ['012345'], sends: { type: 'mfa.submit', code: '012345' } },
  });

  it('sends nothing, and does not fail, while the step is not running', () => {
    expect(mfaChallengeIntents(undefined).submit('012345')).toBeUndefined();
  });
});

describe("'Resend code' on Confirm Email", () => {
  describeIntents(resendCodeIntents, resendCodeMachine, {
    send: { args: [], sends: { type: 'resend.send' } },
  });

  it('sends nothing, and does not fail, while the step is not running', () => {
    expect(resendCodeIntents(undefined).send()).toBeUndefined();
  });
});

describe('the session', () => {
  describeIntents(authIntents, authMachine, {
    signOut: { args: [], sends: { type: 'auth.signOut' } },
    signOutAllDevices: { args: [], sends: { type: 'auth.signOutAllDevices' } },
    retry: { args: [], sends: { type: 'auth.retry' } },
  });
});

describe('a load screen', () => {
  it('reloads with the event the screen names', () => {
    expect(sentBy(loadIntents('reports.retry'), 'reload')).toEqual([{ type: 'reports.retry' }]);
  });

  it('offers only reload', () => {
    const { ref } = recordingRef<Parameters<ReturnType<typeof loadIntents<'reports.retry'>>>[0]>();
    expect(Object.keys(loadIntents('reports.retry')(ref))).toEqual(['reload']);
  });
});

describe('the Billing Overview', () => {
  describeIntents(billingOverviewIntents, billingOverviewMachine, {
    reload: { args: [], sends: { type: 'billingOverview.refresh' } },
  });
});

describe('the Dashboard', () => {
  describeIntents(dashboardIntents, dashboardMachine, {
    reload: { args: [], sends: { type: 'dashboard.retry' } },
  });
});

describe('the Assistant', () => {
  describeIntents(chatIntents, chatMachine, {
    send: { args: ['How many members have a licence?'], sends: { type: 'chat.send', text: 'How many members have a licence?' } },
    clear: { args: [], sends: { type: 'chat.clear' } },
  });
});

describe('the invitations on the Users screen', () => {
  describeIntents(invitationIntents, invitationMachine, {
    resend: { args: [MEMBER], sends: { type: 'invitation.resend', user: MEMBER } },
    askRevoke: { args: [OTHER], sends: { type: 'invitation.askRevoke', user: OTHER } },
    revoke: { args: [], sends: { type: 'invitation.revoke' } },
    cancel: { args: [], sends: { type: 'invitation.cancel' } },
  });

  it('sends nothing, and does not fail, while the list has no invitations child', () => {
    const intents = invitationIntents(undefined);
    expect([intents.resend(MEMBER), intents.askRevoke(MEMBER), intents.revoke(), intents.cancel()]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('the Import CSV dialog and banner', () => {
  const file = new File(['name,email\nAna Diaz,ana@example.com\n'], 'members.csv', { type: 'text/csv' });
  describeIntents(memberImportIntents, memberImportMachine, {
    open: { args: [], sends: { type: 'import.open' } },
    close: { args: [], sends: { type: 'import.close' } },
    chooseFile: { args: [file], sends: { type: 'import.chooseFile', file } },
    chooseAnother: { args: [], sends: { type: 'import.chooseAnother' } },
    confirm: { args: [], sends: { type: 'import.confirm' } },
    cancel: { args: [], sends: { type: 'import.cancel' } },
    downloadFailed: { args: [], sends: { type: 'import.downloadFailed' } },
    dismiss: { args: [], sends: { type: 'import.dismiss' } },
  });

  it('sends the very file that was chosen', () => {
    const [event] = sentBy(memberImportIntents, 'chooseFile', file) as Array<{ file: File }>;
    expect(event?.file).toBe(file);
  });
});

describe('the payment step', () => {
  const elements = { id: 'elements' } as unknown as StripeElements;
  describeIntents(paymentIntents, paymentMachine, {
    elementReady: { args: [], sends: { type: 'payment.elementReady' } },
    submit: { args: [elements], sends: { type: 'payment.submit', elements } },
    retry: { args: [], sends: { type: 'payment.retry' } },
  });
});

describe('a row of User Management', () => {
  describeIntents(rowChangesIntents, rowChangesMachine, {
    restore: { args: [OTHER], sends: { type: 'users.restore', user: OTHER } },
  });

  it('sends nothing, and does not fail, while the row changes are not running', () => {
    expect(rowChangesIntents(undefined).restore(OTHER)).toBeUndefined();
  });
});

describe('the Manage Subscription modal', () => {
  describeIntents(subscriptionIntents, subscriptionMachine, {
    choosePlan: { args: ['pro'], sends: { type: 'subscription.choosePlan', planType: 'pro' } },
    update: { args: [], sends: { type: 'subscription.update' } },
    cancelAtPeriodEnd: { args: ['Too expensive'], sends: { type: 'subscription.cancelAtPeriodEnd', reason: 'Too expensive' } },
    cancelNow: { args: ['Moving to another tool'], sends: { type: 'subscription.cancelNow', reason: 'Moving to another tool' } },
    confirmCancelNow: { args: [], sends: { type: 'subscription.confirmCancelNow' } },
    keep: { args: [], sends: { type: 'subscription.keep' } },
    reactivate: { args: [], sends: { type: 'subscription.reactivate' } },
    cancelPayment: { args: [], sends: { type: 'subscription.cancelPayment' } },
  });
});

describe('the two-factor dialog', () => {
  describeIntents(twoFactorIntents, twoFactorMachine, {
    retry: { args: [], sends: { type: 'twoFactor.retry' } },
    startSetup: { args: [], sends: { type: 'twoFactor.startSetup' } },
    turnOff: { args: [], sends: { type: 'twoFactor.turnOff' } },
    submitCode: { args: [' 123 456 '], sends: { type: 'twoFactor.submitCode', code: ' 123 456 ' } },
    cancel: { args: [], sends: { type: 'twoFactor.cancel' } },
  });
});

describe("a member's billing page", () => {
  describeIntents(userBillingIntents, userBillingMachine, {
    retry: { args: [], sends: { type: 'userBilling.retry' } },
    refresh: { args: [], sends: { type: 'userBilling.refresh' } },
    manageSubscription: { args: [], sends: { type: 'userBilling.manageSubscription' } },
    closeSubscription: { args: [], sends: { type: 'userBilling.closeSubscription' } },
    managePaymentMethods: { args: [], sends: { type: 'userBilling.managePaymentMethods' } },
    openInvoice: { args: ['in_42', 'pdf'], sends: { type: 'userBilling.openInvoice', invoiceId: 'in_42', format: 'pdf' } },
    dismissReadyLink: { args: [], sends: { type: 'userBilling.dismissReadyLink' } },
  });
});

describe('the Users screen', () => {
  const undoLicence = { type: 'users.setLicense', user: MEMBER, hasLicense: false } as const;
  describeIntents(usersListIntents, usersListMachine, {
    search: { args: ['ana'], sends: { type: 'users.search', search: 'ana' } },
    filterStatus: { args: ['pending'], sends: { type: 'users.filterStatus', status: 'pending' } },
    filterRole: { args: ['Supervisor'], sends: { type: 'users.filterRole', role: 'Supervisor' } },
    sortBy: { args: ['-lastActive'], sends: { type: 'users.sort', sort: '-lastActive' } },
    goToPage: { args: [3], sends: { type: 'users.goToPage', page: 3 } },
    retry: { args: [], sends: { type: 'users.retry' } },
    setLicense: { args: [MEMBER, true], sends: { type: 'users.setLicense', user: MEMBER, hasLicense: true } },
    setStatus: { args: [OTHER, false], sends: { type: 'users.setStatus', user: OTHER, isActive: false } },
    undo: { args: [undoLicence], sends: undoLicence },
    select: { args: ['u-9', true], sends: { type: 'users.select', userId: 'u-9', selected: true } },
    selectAll: { args: [false], sends: { type: 'users.selectAll', selected: false } },
    bulkUpdate: {
      args: [['u-1', 'u-2'], { role: 'Project Manager', hasLicense: true }],
      sends: { type: 'users.bulkUpdate', userIds: ['u-1', 'u-2'], updates: { role: 'Project Manager', hasLicense: true } },
    },
    selectMatching: { args: [], sends: { type: 'users.selectMatching' } },
    clearSelection: { args: [], sends: { type: 'users.clearSelection' } },
    confirmBulk: { args: [], sends: { type: 'users.confirmBulk' } },
    openAdd: { args: [], sends: { type: 'users.openAdd' } },
    edit: { args: [MEMBER], sends: { type: 'users.edit', user: MEMBER } },
    confirmDelete: { args: [OTHER], sends: { type: 'users.confirmDelete', user: OTHER } },
    delete: { args: [], sends: { type: 'users.delete' } },
    closeDialog: { args: [], sends: { type: 'users.closeDialog' } },
    dismissError: { args: [], sends: { type: 'users.dismissError' } },
    export: { args: [], sends: { type: 'users.export' } },
  });

  it("sends back, as it is, the change the toast's Undo reverses", () => {
    const undoBulk = { type: 'users.undoBulk' as const, userIds: ['u-1', 'u-2'], updates: { isActive: true } };
    const sent = sentBy(usersListIntents, 'undo', undoBulk);
    expect(sent).toEqual([{ type: 'users.undoBulk', userIds: ['u-1', 'u-2'], updates: { isActive: true } }]);
    expect(handles(usersListMachine, 'users.undoBulk')).toBe(true);
  });
});

describe('the chart check itself', () => {
  it('tells an event type a machine handles from one it does not', () => {
    expect(handles(chatMachine, 'chat.send')).toBe(true);
    expect(handles(chatMachine, 'chat.sned')).toBe(false);
  });
});
