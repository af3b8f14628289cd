/**
 * What a question says, once its words are known: the vocabulary's phrases over the corrected
 * tokens (the ones no entity or time window took), read into named signals, and the words left
 * over (searched in call summaries and task titles, or reported as unused). The steps after this
 * (classify, fill slots) read only this.
 */
import type { CopilotWindow, MemberField, Role } from '../../../src/contract/api';
import { LIMITS } from '../../../src/domain/limits';
import type { NameIssue, Person, PersonRow } from './spelling';
import { singular, type Token } from './normalise';
import {
  STOP_WORDS,
  matchPhrases,
  type Access,
  type Found,
  type Group,
  type Measure,
  type OutOfScope,
  type Status,
  type Subject,
  type Tag,
  type Topic,
  type WindowField,
} from './vocabulary';

export interface Reading {
  tokens: Token[];
  found: Found[];
  /** Words the vocabulary does not know that occur in the organisation's calls or tasks, as typed (lower case), at most 12: search terms. */
  terms: string[];
  /** Words nobody's vocabulary knows: neither the Assistant's nor the organisation's records (said to be unused). */
  unused: string[];
  /** Numbers no time window took ("last 5 calls"), by token. */
  numbers: Array<number | null>;
  /** Corrected stems, by token. */
  stems: string[];
  site?: string | undefined;
  person?: Person | undefined;
  people?: PersonRow[] | undefined;
  nameIssue?: NameIssue | undefined;
  window?: CopilotWindow | undefined;
  subjects: Subject[];
  statuses: Status[];
  roles: Role[];
  licensed?: boolean | undefined;
  access?: Access | undefined;
  plan?: 'pro' | 'lite' | undefined;
  sentiment?: 'positive' | 'neutral' | 'negative' | undefined;
  outcome?: 'resolved' | 'follow_up' | 'escalated' | undefined;
  measures: Measure[];
  rank?: 'most' | 'least' | undefined;
  whens: WindowField[];
  fields: MemberField[];
  report?: Topic | undefined;
  out?: OutOfScope | undefined;
  negated: boolean;
  /** Used the app: ever or in the window (true), or never / not in the window (false); undefined when not asked. */
  login?: boolean | undefined;
  /** With a card on file (true), or without (false); undefined when not asked. */
  card?: boolean | undefined;
  /** "Are all the project managers licensed?": a question about everyone, answered with those who are not. */
  universal: boolean;
  /** Asked yes or no ("is Mark licensed?", "does she have a card"): a fact checked, not a filter. */
  yesNo: boolean;
  /** A first or last name asked of everyone who has it ("how many Jonathans", "everyone named Sullivan"). */
  name?: string | undefined;
  has(k: Tag['k']): boolean;
}

/** "not" before a tag of these kinds, with only small words between ("have not been paid", "never logged in"). */
function negatedBefore(found: readonly Found[], stems: readonly string[], kinds: ReadonlyArray<Tag['k']>): boolean {
  const onlyStopWordsBetween = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (!STOP_WORDS.has(stems[i] ?? '')) return false;
    return true;
  };
  return found.some(
    (f) =>
      f.tag.k === 'negation' &&
      found.some((g) => kinds.includes(g.tag.k) && g.at >= f.at + f.length && onlyStopWordsBetween(f.at + f.length, g.at)),
  );
}

export interface ReadingInput {
  tokens: Token[];
  used: boolean[];
  site?: string | undefined;
  person?: Person | undefined;
  people?: PersonRow[] | undefined;
  nameIssue?: NameIssue | undefined;
  window?: CopilotWindow | undefined;
  recordWords: ReadonlySet<string>;
}

const EVERYONE = new Set(['all', 'every', 'everyone', 'everybody', 'each']);
const YES_NO = new Set(['is', 'are', 'was', 'were', 'does', 'do', 'did', 'has', 'have', 'can']);

export function readTags(input: ReadingInput): Reading {
  const { tokens, used } = input;
  const stems = tokens.map((t) => t.stem);
  const { found, unknown } = matchPhrases(stems, used);
  const tags = found.map((f) => f.tag);
  const all = <K extends Tag['k']>(k: K) => tags.filter((t): t is Extract<Tag, { k: K }> => t.k === k);
  const first = <K extends Tag['k']>(k: K) => all(k)[0];
  const numbers = tokens.map((t, i) => (used[i] ? null : t.num));
  const leftovers = unknown
    .filter((i) => !used[i] && numbers[i] === null)
    .map((i) => tokens[i])
    .filter((t): t is Token => t !== undefined && t.norm.length >= 2 && t.norm.length <= LIMITS.searchTerm);
  // A word of the records as typed, or as its singular ("RFIs" is "RFI" there); else a word nobody knows.
  const inRecords = leftovers.map((t) =>
    input.recordWords.has(t.norm) ? t.norm : input.recordWords.has(singular(t.norm)) ? singular(t.norm) : null,
  );
  const terms = [...new Set(inRecords.filter((w): w is string => w !== null))];
  const unused = [...new Set(leftovers.filter((_, k) => inRecords[k] === null).map((t) => t.norm))];
  const has = (k: Tag['k']) => tags.some((t) => t.k === k);
  const shared = sharedName(input.nameIssue, {
    facts: all('field').length > 0 || has('number') || has('card'),
    counting: all('measure').some((m) => m.v === 'count'),
  });
  return {
    tokens,
    found,
    terms: terms.slice(0, 12),
    unused: unused.slice(0, 12),
    numbers,
    stems,
    site: input.site,
    person: input.person ?? shared.person,
    people: input.people,
    nameIssue: shared.keep ? input.nameIssue : undefined,
    name: shared.name,
    universal: YES_NO.has(tokens[0]?.norm ?? '') && tokens.slice(1, 4).some((t) => EVERYONE.has(t.norm)),
    yesNo: YES_NO.has(tokens[0]?.norm ?? ''),
    window: input.window,
    subjects: all('subject').map((t) => t.v),
    statuses: all('status').map((t) => t.v),
    roles: all('role').map((t) => t.v),
    licensed: first('licensed')?.v,
    access: first('access')?.v,
    plan: first('plan')?.v,
    sentiment: first('sentiment')?.v,
    outcome: first('outcome')?.v,
    measures: all('measure').map((t) => t.v),
    rank: first('rank')?.v,
    whens: all('when').map((t) => t.v),
    fields: [...new Set(all('field').map((t) => t.v))],
    report: first('report')?.v,
    out: first('out')?.v,
    negated: negatedBefore(found, stems, ['status', 'licensed']),
    login: tags.some((t) => t.k === 'login') ? !negatedBefore(found, stems, ['login']) : undefined,
    card: tags.some((t) => t.k === 'card') ? !negatedBefore(found, stems, ['card']) : undefined,
    has,
  };
}

/**
 * A first or last name several members have: a filter when the question is about everyone with it
 * ("how many Jonathans", "everyone named Sullivan"), all of them when it asks for a fact (the answer
 * shows each and asks which one), else the question back ("calls by Tom": which Tom?).
 */
function sharedName(
  issue: NameIssue | undefined,
  asks: { facts: boolean; counting: boolean },
): { keep: boolean; name?: string; person?: Person } {
  if (issue?.kind !== 'ambiguous') return { keep: true };
  if (issue.plural || issue.named || (asks.counting && !asks.facts)) return { keep: false, name: issue.name };
  if (asks.facts) return { keep: false, person: { ids: issue.candidates.map((c) => c.id), name: issue.name } };
  return { keep: true };
}

/** The dimension right after "by", "per", "each"... or before "breakdown" (any, with "most"/"top"). */
export function groupedDimension(found: readonly Found[], ranked: boolean): Group | undefined {
  for (const f of found) {
    if (f.tag.k !== 'dimension') continue;
    const near = found.some(
      (g) => g.tag.k === 'groupWord' && (g.at + g.length === f.at || g.at === f.at + f.length || g.at + g.length + 1 === f.at),
    );
    if (near || ranked) return f.tag.v;
  }
  return undefined;
}
