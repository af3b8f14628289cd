/**
 * Every mutant no test can tell from the code, with the reason: the one list the mutation run reads.
 *
 * Production code carries no tool comments. Where a mutant survives because nothing can observe
 * the change it makes, it is listed here instead, named by what it changes rather than by a line
 * number, so that the entry follows the code when lines move:
 *
 *   file         the mutated file, from the repository root
 *   mutator      Stryker's mutator name ('ConditionalExpression', 'StringLiteral', ...)
 *   code         the code Stryker replaces, exactly as it reads in the file; runs of white space
 *                (line breaks and indentation included) count as one space
 *   replacement  what Stryker puts in its place (`true`, `false`, `""`, `{}` ...), the same way;
 *                left out, the entry covers every replacement this mutator makes of that code
 *   reason       why no test can tell the mutant from the code
 *
 * The mutation run (`npm run test:mutation`) runs every mutant, these too; scripts/test/mutation-report.ts
 * then counts a survivor that an entry names as equivalent, and reports an entry that names no
 * survivor (stale, or a mutant a test now kills). tests/unit/mutation-report.test.ts checks,
 * without a run, that each entry's code is still in its file. Add an entry only with a reason a
 * reviewer can check; a mutant a test could kill gets the test instead.
 */
export interface Equivalent {
  readonly file: string;
  readonly mutator: string;
  readonly code: string;
  readonly replacement?: string;
  readonly reason: string;
}

export const EQUIVALENTS: readonly Equivalent[] = [
  // ── src/domain/markdown ────────────────────────────────────────────────────────────────────────
  {
    file: 'src/domain/markdown/blocks.ts',
    mutator: 'ObjectLiteral',
    code: '{ steps: 0 }',
    replacement: '{}',
    reason:
      'The default meter of parseBlocks is read by nobody: a caller that wants the count passes its own meter. With `{}` the steps added to it become NaN, which nothing sees.',
  },
  {
    file: 'src/domain/markdown/inline.ts',
    mutator: 'ObjectLiteral',
    code: '{ steps: 0 }',
    replacement: '{}',
    reason:
      'The default meter of parseInline is read by nobody: a caller that wants the count passes its own meter. With `{}` the steps added to it become NaN, which nothing sees.',
  },

  // (end of src/domain/markdown)

  // ── src/machines/activity, src/machines/memberImport, their domain files ────────────────────────
  {
    file: 'src/machines/activity/view.ts',
    mutator: 'ConditionalExpression',
    code: 'from !== null && to !== null',
    replacement: 'true',
    reason:
      'runsBackwards (the isRangeBackwards guard and parseActivityView both ask it) tests both ends for null only because TypeScript refuses `<` on a possible null. Without the test `to < from` still says false for an open end: with a null on either side (or both) JavaScript compares them as numbers, null as 0 and a day such as 2026-01-31 as NaN, and 0 < 0 or anything compared with NaN is false',
  },
  {
    file: 'src/machines/activity/view.ts',
    mutator: 'LogicalOperator',
    code: 'from !== null && to !== null',
    replacement: 'from !== null || to !== null',
    reason:
      'runsBackwards (the isRangeBackwards guard and parseActivityView both ask it) tests both ends for null only because TypeScript refuses `<` on a possible null. Without the test `to < from` still says false for an open end: with a null on either side (or both) JavaScript compares them as numbers, null as 0 and a day such as 2026-01-31 as NaN, and 0 < 0 or anything compared with NaN is false',
  },
  {
    file: 'src/machines/activity/view.ts',
    mutator: 'ConditionalExpression',
    code: 'from !== null',
    replacement: 'true',
    reason:
      'runsBackwards (the isRangeBackwards guard and parseActivityView both ask it) tests both ends for null only because TypeScript refuses `<` on a possible null. Without the test `to < from` still says false for an open end: with a null on either side (or both) JavaScript compares them as numbers, null as 0 and a day such as 2026-01-31 as NaN, and 0 < 0 or anything compared with NaN is false',
  },
  {
    file: 'src/machines/activity/view.ts',
    mutator: 'ConditionalExpression',
    code: 'to !== null',
    replacement: 'true',
    reason:
      'runsBackwards (the isRangeBackwards guard and parseActivityView both ask it) tests both ends for null only because TypeScript refuses `<` on a possible null. Without the test `to < from` still says false for an open end: with a null on either side (or both) JavaScript compares them as numbers, null as 0 and a day such as 2026-01-31 as NaN, and 0 < 0 or anything compared with NaN is false',
  },

  // (end of activity, memberImport and their domain files)

  // ── src/machines: chat, activity, auth ─────────────────────────────────────────────────────────
  {
    file: 'src/machines/chat/chatMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as ChatContext, events: {} as ChatEvent, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState never reads it at run time, so an empty object builds the same machine',
  },
  {
    file: 'src/machines/activity/activityMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as ActivityContext, events: {} as ActivityEvent, input: {} as ActivityInput | undefined, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState never reads it at run time, so an empty object builds the same machine',
  },
  {
    file: 'src/machines/auth/authSetup.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as AuthContext, events: {} as AuthEvent, children: {} as { signInFlow: 'signInFlow' }, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState never reads it at run time, so an empty object builds the same machine',
  },
  {
    file: 'src/machines/auth/forgotPasswordMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent, input: {} as { email: string }, output: {} as { email: string }, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState never reads it at run time, so an empty object builds the same machine',
  },
  {
    file: 'src/machines/auth/mfaChallengeMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as MfaChallengeContext, events: {} as MfaChallengeEvent, output: {} as { user: SessionUser }, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState never reads it at run time, so an empty object builds the same machine',
  },
  {
    file: 'src/machines/auth/resendCodeMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as ResendCodeContext, events: {} as ResendCodeEvent, input: {} as { email: string }, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState never reads it at run time, so an empty object builds the same machine',
  },
  {
    file: 'src/machines/auth/signInFlowSetup.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as SignInFlowContext, events: {} as SignInFlowEvent, input: {} as SignInFlowInput, output: {} as SignedIn, children: {} as { forgotPassword: 'forgotPassword'; resendCode: 'resendCode'; mfaChallenge: 'mfaChallenge' }, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState never reads it at run time, so an empty object builds the same machine',
  },
  {
    file: 'src/machines/chat/chatMachine.ts',
    mutator: 'ConditionalExpression',
    code: 'context.pendingQuestion !== null',
    replacement: 'true',
    reason:
      "appendFailure runs only on the ask actor's error in awaitingReply, which is entered only by appendQuestion's transition, which sets pendingQuestion: it is never null here, so the test is always true",
  },
  {
    file: 'src/machines/auth/signInFlowSetup.ts',
    mutator: 'ConditionalExpression',
    code: "result.kind === 'newPasswordRequired'",
    replacement: 'true',
    reason:
      'assignSignInResult is named only on the isSignedIn and isNewPasswordRequired answers of Sign In (signInFlowMachine.ts), and the signed-in one returned on the line above: past it the answer is always newPasswordRequired (the same test in the isNewPasswordRequired guard is another mutant, which the scenarios of the other answers kill)',
  },

  // (end of chat, activity, auth)

  // ── the other machines, the other domain files ─────────────────────────────────────────────────

  {
    file: 'src/machines/addUser/addUserMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as AddUserContext, events: {} as AddUserEvent, output: {} as User | null, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/editUser/editUserMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as EditUserContext, events: {} as EditUserEvent, input: {} as { user: User }, output: {} as User, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/invitation/invitationMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ context: {} as InvitationContext, events: {} as InvitationEvent, tags: {} as 'pending', }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/memberImport/memberImportMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as MemberImportContext, events: {} as MemberImportEvent, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/payment/paymentMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', input: {} as PaymentInput, context: {} as PaymentContext, events: {} as PaymentEvent, output: {} as PaymentOutput, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/subscription/subscriptionSetup.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', input: {} as SubscriptionInput, context: {} as SubscriptionContext, events: {} as SubscriptionEvent, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/twoFactor/twoFactorMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as TwoFactorContext, events: {} as TwoFactorEvent, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/userBilling/userBillingMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', input: {} as UserBillingInput, context: {} as UserBillingContext, events: {} as UserBillingEvent, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/userBilling/userBillingMachine.ts',
    mutator: 'ArrowFunction',
    code: '(_, _params: { url: string }) => false',
    replacement: '() => undefined',
    reason:
      'the isSafeUrl placeholder, which the configured rule replaces; until then a guard that gives undefined refuses a link as one that gives false does (XState tests a guard for truth)',
  },
  {
    file: 'src/machines/bulkChange/bulkChangeMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as BulkChangeContext, input: {} as BulkRequest, output: {} as BulkChangeOutput, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/csvExport/csvExportMachine.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as CsvExportContext, input: {} as ExportQuery, output: {} as CsvExportOutput, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/rowChanges/rowChangesMachine.ts',
    mutator: 'ObjectLiteral',
    code: '{ context: {} as RowChangesContext, events: {} as RowChangesEvent, }',
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  {
    file: 'src/machines/usersList/setup.ts',
    mutator: 'ObjectLiteral',
    code: "{ tags: {} as 'pending', context: {} as UsersListContext, events: {} as UsersListEvent, input: {} as UsersListInput | undefined, emitted: {} as UsersListEmitted, }",
    replacement: '{}',
    reason: '`types` in setup() is read by TypeScript only: XState ignores it at run time, so an empty object changes nothing',
  },
  // (end of the other machines and domain files)

  // ── server: the billing and member rules ──────────────────────────────────────────────────────
  {
    file: 'server/users/sort.ts',
    mutator: 'StringLiteral',
    code: "'ASC'",
    replacement: '""',
    reason:
      'ORDER BY without a direction is ascending in PostgreSQL (and in PGlite): `lower(name) , id ` sorts exactly as `lower(name) ASC, id ASC`. The descending side is checked (tests/server/member-rules.test.ts)',
  },
  {
    file: 'server/users/admin.ts',
    mutator: 'OptionalChaining',
    code: 'rows[0]?.remains',
    replacement: 'rows[0].remains',
    reason:
      '`SELECT EXISTS (...)` always returns exactly one row, so rows[0] is never missing; the `?.` is there for the type (an array index may be undefined)',
  },
];
