/**
 * What a question says, once its words are known: the vocabulary's phrases over the corrected
 * tokens (the ones no entity or time window took), read into named signals, and the words left
 * over (searched in call summaries and task titles, or reported as unused). The steps after this
 * (classify, fill slots) read only this.
 */
import type { CopilotWindow, MemberField, Role } from '../../../src/contract/api';
import { LIMITS } from '../../../src/domain/limits';
import type { NameIssue, Person, PersonRow } from './spelling';
import type { Token } from './normalise';
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
  /** Words the vocabulary does not know, as typed (lower case), at most 12: search terms. */
  terms: string[];
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
  has(k: Tag['k']): boolean;
}

/** "not" before a status or a licence, with only small words between ("have not been paid"). */
function negatedStatus(found: readonly Found[], stems: readonly string[]): boolean {
  const onlyStopWordsBetween = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (!STOP_WORDS.has(stems[i] ?? '')) return false;
    return true;
  };
  return found.some(
    (f) =>
      f.tag.k === 'negation' &&
      found.some(
        (g) => (g.tag.k === 'status' || g.tag.k === 'licensed') && g.at >= f.at + f.length && onlyStopWordsBetween(f.at + f.length, g.at),
      ),
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
}

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
    .map((i) => tokens[i]?.norm ?? '')
    .filter((w) => w.length >= 2 && w.length <= LIMITS.searchTerm);
  return {
    tokens,
    found,
    terms: [...new Set(leftovers)].slice(0, 12),
    numbers,
    stems,
    site: input.site,
    person: input.person,
    people: input.people,
    nameIssue: input.nameIssue,
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
    negated: negatedStatus(found, stems),
    has: (k) => tags.some((t) => t.k === k),
  };
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
