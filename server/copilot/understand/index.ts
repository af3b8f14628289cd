/**
 * The rule parser: a question (and the previous turn's intent) to what it asks for, in one pass.
 *
 *   1. normalise      tokens: lower case, accents, British spellings, plurals, possessives (normalise.ts)
 *   2. spelling       the organisation's words (its name, sites, members: one lookup), then the
 *                     vocabulary's typos in the rest (spelling.ts)
 *   3. time windows   "this week", "since June 1", in the administrator's calendar (time/windows.ts)
 *   4. classify       the vocabulary's phrases read (reading.ts), then: out of scope, a report, a
 *                     search, a name nobody has, or records of one subject (classify.ts)
 *   5. fill slots     the measure, grouping, filters (each subject's family fills its own) and the
 *                     facts asked of a member; a follow-up refines the previous intent (slots.ts)
 *   6. validate       each subject keeps what it knows, and the contract's schema (validate.ts)
 *
 * Each step reads only what the step before it produced. The engine answers the result
 * (engine.ts); a language model, when one is configured, produces the same intent (model/).
 */
import type { CopilotIntent, CopilotWindow } from '../../../src/contract/api';
import { findWindows, type Clock } from '../time/windows';
import { dayIn } from '../time/zone';
import { classify, type Classified } from './classify';
import { normalise } from './normalise';
import { readTags } from './reading';
import { fillSlots } from './slots';
import { spell, type OrgWords, type PersonRow } from './spelling';
import { validate } from './validate';

export type { OrgWords, Person, PersonRow, PeopleQuery } from './spelling';

export type Parsed =
  | Exclude<Classified, { kind: 'records' }>
  | { kind: 'intent'; intent: CopilotIntent; ignored: string[]; followUp: boolean; people?: PersonRow[] | undefined };

export interface ParseOptions {
  clock: Clock;
  previous?: CopilotIntent | undefined;
  org: OrgWords;
}

export async function parseQuestion(question: string, options: ParseOptions): Promise<Parsed> {
  const { clock, previous, org } = options;
  // 1. Normalise.
  const { tokens, emails } = normalise(question);
  // 2. Correct the spelling: the organisation's words first, then the vocabulary's.
  const spelled = await spell(tokens, emails, org);
  // 3. Time windows, in the words no name or site took (the last one wins: "in May ... last week?").
  const windows = findWindows(spelled.tokens, dayIn(clock.now, clock.zone)).filter((w) => w.used.every((i) => !spelled.used[i]));
  const used = [...spelled.used];
  for (const w of windows) for (const i of w.used) used[i] = true;
  const window: CopilotWindow | undefined = windows.at(-1)?.window;
  // 4. Classify.
  const reading = readTags({ ...spelled, used, window });
  const classified = classify(reading, previous);
  if (classified.kind !== 'records') return classified;
  // 5. Fill the slots.
  const intent = fillSlots(reading, classified.subject, classified.followUp ? previous : undefined);
  // 6. Validate.
  const valid = validate(intent);
  if (!valid) return { kind: 'unclear' };
  const ignored = [...reading.terms.filter((t) => !(valid.filters.terms ?? []).includes(t)), ...reading.unused];
  return { kind: 'intent', intent: valid, ignored, followUp: classified.followUp, people: spelled.people };
}
