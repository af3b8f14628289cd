/**
 * The one shape of every form step of the sign-in flows: `idle` takes the submit event and either
 * keeps the field errors (the machine's `isFormInvalid` guard and `assignFormErrors` action, which
 * validate the event with the step's schema) or goes to `submitting`, which invokes the step's
 * actor; its `onDone` leaves the step and its `onError` comes back to `idle` with the message.
 *
 * A machine that uses it declares, in its own `setup()`, the guard `isFormInvalid`, the actions
 * `assignFormErrors` and `clearMessages`, and the step's actor; `formStep` only names them, so the
 * result type-checks against that machine's setup like a hand-written state.
 */

interface FormStepOptions<TSubmit extends string, TSrc extends string, TInput, TAccept, TDone, TError, TOn, TStates> {
  /** The submit event (`forgot.sendCode`). */
  readonly submit: TSubmit;
  /** The actor that submits (also the invoke id unless `id` is given). */
  readonly src: TSrc;
  readonly id?: string;
  readonly input: TInput;
  /** Actions run when the payload is valid, before submitting (e.g. remember the email). */
  readonly accept?: TAccept;
  readonly onDone: TDone;
  readonly onError: TError;
  /** Further transitions of `idle` (links, resend). */
  readonly on?: TOn;
  /** Further states of the step (e.g. `resending`). */
  readonly states?: TStates;
}

type SubmitTransitions<TAccept> = [
  { guard: 'isFormInvalid'; actions: 'assignFormErrors' },
  { target: 'submitting'; actions: Array<'clearMessages' | TAccept> },
];

export function formStep<
  const TSubmit extends string,
  const TSrc extends string,
  const TInput,
  const TDone,
  const TError,
  const TAccept = never,
  const TOn extends object = object,
  const TStates extends object = object,
>(options: FormStepOptions<TSubmit, TSrc, TInput, TAccept, TDone, TError, TOn, TStates>) {
  const accept = options.accept === undefined ? [] : [options.accept];
  return {
    initial: 'idle' as const,
    states: {
      idle: {
        on: {
          ...(options.on as TOn),
          ...({
            [options.submit]: [
              { guard: 'isFormInvalid', actions: 'assignFormErrors' },
              { target: 'submitting', actions: ['clearMessages', ...accept] },
            ],
          } as Record<TSubmit, SubmitTransitions<TAccept>>),
        },
      },
      submitting: {
        tags: ['pending' as const],
        invoke: { id: options.id ?? options.src, src: options.src, input: options.input, onDone: options.onDone, onError: options.onError },
      },
      ...(options.states as TStates),
    },
  };
}
