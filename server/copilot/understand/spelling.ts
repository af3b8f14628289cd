/**
 * Step 2 of reading a question: correct the spelling. The organisation's own words are known words
 * too, so they are recognised first: its name (not "another company"), its sites (fuzzy: "harbour
 * point" is Harbor Point Tower) and its members (by e-mail, full name, first or last name: one
 * lookup in the database, `OrgWords.lookupPeople`). Then each word that is neither the
 * vocabulary's nor the organisation's is read as the vocabulary word it is one or two edits from,
 * when exactly one is ("suprevisors", "pneding", "this weeek").
 */
import { PHRASE_INDEX, STOP_WORDS, matchPhrases } from './vocabulary';
import { editDistance, singular, stem, tokenize, typoBudget, type Token } from './normalise';

export interface Person {
  ids: string[];
  name: string;
}

export interface PersonRow {
  id: string;
  name: string;
  email: string;
}

export interface PeopleQuery {
  /** Full names, lower case. */
  names: string[];
  /** First names and last names, lower case (a member whose name starts or ends with one). */
  firstNames: string[];
  lastNames: string[];
  /** E-mail addresses, lower case. */
  emails: string[];
}

/** What the parser needs to know about the caller's organisation. */
export interface OrgWords {
  orgName: string;
  sites: readonly string[];
  /** Members matching any part of the query (at most a few dozen). */
  lookupPeople(query: PeopleQuery): Promise<PersonRow[]>;
  /** Which of these words occur in the organisation's call summaries or task titles. */
  recordWords(words: readonly string[]): Promise<string[]>;
}

/** A name the question gives that no member has, or several do. */
export type NameIssue =
  /** One word several members' names have: `plural` when typed as a plural ("Jonathans"), `named` after "named" or "called". */
  | { kind: 'ambiguous'; name: string; candidates: PersonRow[]; plural: boolean; named: boolean }
  | { kind: 'unmatched'; name: string; start: number; end: number; strong: boolean };

export interface Spelled {
  tokens: Token[];
  /** Tokens taken by the organisation's words. */
  used: boolean[];
  site?: string;
  person?: Person;
  /** The members a named person is (with their e-mails, to tell two of the same name apart). */
  people?: PersonRow[];
  nameIssue?: NameIssue;
  /** Words no vocabulary knows that occur in the organisation's calls or tasks (the others are no search term). */
  recordWords: ReadonlySet<string>;
}

interface Span {
  start: number;
  length: number;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary typos
// ---------------------------------------------------------------------------------------------

const TIME_WORDS: readonly string[] = ['today', 'yesterday', 'tomorrow', 'week', 'weeks', 'month', 'months', 'year', 'days'].concat([
  'last',
  'past',
  'previous',
  'since',
  'this',
]);

const CALENDAR_NAMES = (
  'january february march april may june july august september october november december ' +
  'monday tuesday wednesday thursday friday saturday sunday'
).split(' ');

/** Single vocabulary words a typo may be corrected to (at least 4 letters, not stop words). */
const VOCABULARY: readonly string[] = (() => {
  const words = new Set<string>();
  for (const list of PHRASE_INDEX.values())
    for (const entry of list) for (const w of entry.words) if (w.length >= 4 && !STOP_WORDS.has(w)) words.add(w);
  for (const w of [...TIME_WORDS, ...CALENDAR_NAMES]) if (w.length >= 4) words.add(w);
  return [...words];
})();

/** Words no member's name is read from: the vocabulary's, the calendar's, small words. */
function isKnownWord(word: string): boolean {
  return STOP_WORDS.has(word) || PHRASE_INDEX.has(stem(word)) || TIME_WORDS.includes(word) || CALENDAR_NAMES.includes(word);
}

/** The time word `word` is a small typo of, if any (at least 4 letters, one edit). */
function correctTimeWord(word: string): string | null {
  if (word.length < 4 || isKnownWord(word)) return null;
  const found = TIME_WORDS.filter((t) => t[0] === word[0] && editDistance(word, t, 1) <= 1);
  return found.length === 1 ? (found[0] ?? null) : null;
}

/** The vocabulary word `word` is a small typo of, if exactly one is nearest. */
function correctTypo(word: string): string | null {
  const budget = typoBudget(word.length);
  if (budget === 0 || /\d/.test(word)) return null;
  let best: string[] = [];
  let bestDistance = budget + 1;
  for (const candidate of VOCABULARY) {
    if (Math.abs(candidate.length - word.length) > budget + 1) continue;
    // A typo keeps the first letter (or swaps the first two): cheap and avoids far-fetched matches.
    if (candidate[0] !== word[0] && !(candidate[0] === word[1] && candidate[1] === word[0])) continue;
    // A doubled last letter of a plural ("taskss") is one slip from the plural.
    const d = Math.min(editDistance(word, candidate, budget), editDistance(word, `${candidate}s`, budget));
    if (d < bestDistance) {
      best = [candidate];
      bestDistance = d;
    } else if (d === bestDistance) {
      best.push(candidate);
    }
  }
  if (best.length === 1) return best[0] ?? null;
  // A tie: the word with the same letters (two swapped, the commonest slip) wins, if only one has them.
  const letters = (w: string) => [...w].sort().join('');
  const same = best.filter((c) => letters(c) === letters(word));
  return same.length === 1 ? (same[0] ?? null) : null;
}

function withWord(token: Token, word: string): Token {
  return { ...token, norm: word, stem: stem(word) };
}

// ---------------------------------------------------------------------------------------------
// The organisation's name and sites
// ---------------------------------------------------------------------------------------------

const GENERIC_SITE_WORDS = new Set(
  (
    'the site center centre tower street st hub structure building project lofts parking elementary school medical job jobsite ' +
    'road avenue ave park north south east west new old phase block plaza'
  ).split(' '),
);

function wordsOf(text: string): string[] {
  return tokenize(text).map((t) => t.stem);
}

function fuzzyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  const budget = Math.min(typoBudget(a.length), typoBudget(b.length));
  return budget > 0 && a[0] === b[0] && editDistance(a, b, budget) <= budget;
}

/** Marks the organisation's own name ("Summit Builders", "Hardline" is the product's, in the vocabulary). */
function markOrgName(tokens: readonly Token[], used: boolean[], orgWords: readonly string[]): void {
  if (orgWords.length === 0) return;
  for (let i = 0; i + orgWords.length <= tokens.length; i += 1)
    if (orgWords.every((w, k) => !used[i + k] && fuzzyEqual(tokens[i + k]?.stem ?? '', w)))
      for (let k = 0; k < orgWords.length; k += 1) used[i + k] = true;
}

/** The site the question names, by the longest run of its words (typos allowed); a single word must be distinctive. */
function findSite(
  tokens: readonly Token[],
  used: readonly boolean[],
  siteWords: ReadonlyArray<{ site: string; words: string[] }>,
): { site: string; span: Span } | null {
  const wordSites = new Map<string, number>();
  for (const { words } of siteWords) for (const w of new Set(words)) wordSites.set(w, (wordSites.get(w) ?? 0) + 1);
  const distinctive = (w: string) =>
    w.length >= 4 && !GENERIC_SITE_WORDS.has(w) && !STOP_WORDS.has(w) && (wordSites.get(w) ?? 0) === 1 && !PHRASE_INDEX.has(w);
  let best: { site: string; span: Span; score: number } | null = null;
  let tie = false;
  for (let i = 0; i < tokens.length; i += 1) {
    if (used[i]) continue;
    for (const { site, words } of siteWords) {
      for (let k = 0; k < words.length; k += 1) {
        let j = 0;
        while (i + j < tokens.length && k + j < words.length && !used[i + j] && fuzzyEqual(tokens[i + j]?.stem ?? '', words[k + j] ?? ''))
          j += 1;
        // One word alone must be typed exactly, unless it is long ("riversid"): "lift" is not "lofts".
        if (j === 0 || (j === 1 && tokens[i]?.stem !== words[k] && (words[k] ?? '').length < 6)) continue;
        const count = words.slice(k, k + j).filter(distinctive).length;
        if (count === 0) continue;
        const score = j * 10 + count;
        if (!best || score > best.score) {
          best = { site, span: { start: i, length: j }, score };
          tie = false;
        } else if (score === best.score && site !== best.site) tie = true;
      }
    }
  }
  return best && !tie ? { site: best.site, span: best.span } : null;
}

// ---------------------------------------------------------------------------------------------
// Members' names
// ---------------------------------------------------------------------------------------------

/** Words after which a single word is a person ("calls by tom", "did jacob", "everyone named sullivan"). */
const PERSON_PREPOSITIONS = new Set([
  'by',
  'from',
  'for',
  'to',
  'assigned',
  'of',
  'with',
  'did',
  'does',
  'has',
  'have',
  'is',
  'was',
  'about',
  'named',
  'called',
]);

/** Whether a word is followed by a member's fact ("sofias number", "marks email"): then it is a name. */
function beforeFact(tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1]?.stem ?? '';
  return (PHRASE_INDEX.get(next) ?? []).some((e) => e.tags.some((t) => t.k === 'field' || t.k === 'number' || t.k === 'card'));
}

interface NameCandidates {
  full: Map<string, Span>;
  single: Map<string, Span>;
  eligible: boolean[];
}

/** Spans that may be a member's name: runs of 2-3 words no vocabulary knows (or capitalised), and single words that look like a name. */
function nameCandidates(tokens: readonly Token[], used: readonly boolean[]): NameCandidates {
  const vocabAt = new Set<number>();
  for (const f of matchPhrases(
    tokens.map((t) => t.stem),
    used,
  ).found)
    for (let k = 0; k < f.length; k += 1) vocabAt.add(f.at + k);
  const eligible = tokens.map(
    (t, i) => !used[i] && t.num === null && !/\d/.test(t.norm) && (!vocabAt.has(i) || t.capital) && !isKnownWordStrict(t.norm),
  );
  const full = new Map<string, Span>();
  const single = new Map<string, Span>();
  for (let i = 0; i < tokens.length; i += 1) {
    if (!eligible[i]) continue;
    for (const n of [3, 2]) {
      if (!Array.from({ length: n }, (_, k) => eligible[i + k]).every(Boolean)) continue;
      const words = tokens.slice(i, i + n).map((t) => t.norm);
      full.set(words.join(' '), { start: i, length: n });
      const last = words.at(-1) ?? '';
      if (last.endsWith('s') && last.length > 3) full.set([...words.slice(0, -1), last.slice(0, -1)].join(' '), { start: i, length: n });
    }
    const t = tokens[i];
    const before = tokens[i - 1]?.norm ?? '';
    const looksLikeName = t && (t.capital || t.possessive || PERSON_PREPOSITIONS.has(before) || beforeFact(tokens, i));
    if (t && looksLikeName && !vocabAt.has(i) && t.norm.length >= 3 && !eligible[i + 1]) {
      single.set(t.norm, { start: i, length: 1 });
      // "Jonathans", "sofias": the name without its plural or possessive "s".
      if (t.norm.endsWith('s') && t.norm.length > 3) single.set(t.norm.slice(0, -1), { start: i, length: 1 });
    }
  }
  return { full, single, eligible };
}

/** Small words and calendar words are never a name; a vocabulary word may be, when capitalised ("Grace Hall"). */
function isKnownWordStrict(word: string): boolean {
  return STOP_WORDS.has(word) || TIME_WORDS.includes(word) || CALENDAR_NAMES.includes(word);
}

/** The person the question names, from the members the lookup found. */
function resolvePeople(
  tokens: readonly Token[],
  used: boolean[],
  candidates: NameCandidates,
  rows: readonly PersonRow[],
  emails: readonly string[],
) {
  const byEmail = rows.filter((r) => emails.includes(r.email.toLowerCase()));
  if (byEmail.length > 0) return { person: { ids: byEmail.map((r) => r.id), name: byEmail[0]?.name ?? '' }, people: byEmail };
  // The longest full name that matched wins; several members may share it.
  let best: { key: string; span: Span } | null = null;
  for (const [key, span] of candidates.full)
    if (rows.some((p) => p.name.toLowerCase() === key) && (!best || span.length > best.span.length)) best = { key, span };
  if (best) {
    const matches = rows.filter((p) => p.name.toLowerCase() === best.key).slice(0, 10);
    for (let k = 0; k < best.span.length; k += 1) used[best.span.start + k] = true;
    return { person: { ids: matches.map((p) => p.id), name: matches[0]?.name ?? best.key }, people: matches };
  }
  for (const [word, span] of candidates.single) {
    // "Priya Nguyen" names one person: nobody of that name is not every Nguyen.
    if (insideCapitalisedName(tokens, candidates.eligible, span.start)) continue;
    const lower = (p: PersonRow) => p.name.toLowerCase();
    let matches = rows.filter((p) => lower(p).startsWith(`${word} `));
    if (matches.length === 0) matches = rows.filter((p) => lower(p).endsWith(` ${word}`));
    if (matches.length === 0) continue;
    used[span.start] = true;
    const only = matches[0];
    if (matches.length > 1 && new Set(matches.map(lower)).size > 1) {
      const typed = tokens[span.start];
      const issue: NameIssue = {
        kind: 'ambiguous',
        name: word.charAt(0).toUpperCase() + word.slice(1),
        candidates: matches.slice(0, 10),
        plural: typed !== undefined && typed.norm !== word && !typed.possessive && !beforeFact(tokens, span.start),
        named: ['named', 'called'].includes(tokens[span.start - 1]?.norm ?? ''),
      };
      return { nameIssue: issue };
    }
    if (only) return { person: { ids: matches.slice(0, 10).map((p) => p.id), name: only.name }, people: matches.slice(0, 10) };
  }
  return {};
}

/** A capitalised word beside another that no vocabulary knows ("Priya Nguyen"). */
function insideCapitalisedName(tokens: readonly Token[], eligible: readonly boolean[], i: number): boolean {
  const name = (k: number) => eligible[k] === true && tokens[k]?.capital === true && !PHRASE_INDEX.has(tokens[k]?.stem ?? '');
  return name(i) && ((i > 0 && name(i - 1)) || name(i + 1));
}

/** The likeliest name among the words nobody has: a run of capitalised words, a possessive, a word after "by". */
function unmatchedName(tokens: readonly Token[], used: readonly boolean[], candidates: NameCandidates): NameIssue | undefined {
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (!t || used[i] || !candidates.eligible[i]) continue;
    const before = tokens[i - 1]?.norm ?? '';
    const named = (t.capital && i > 0) || t.possessive || PERSON_PREPOSITIONS.has(before);
    if (!named || PHRASE_INDEX.has(t.stem)) continue;
    let end = i;
    while (
      end + 1 < tokens.length &&
      candidates.eligible[end + 1] &&
      (tokens[end + 1]?.capital || tokens[end]?.capital === false) &&
      !used[end + 1]
    )
      end += 1;
    if (end - i >= 3) end = i + 2;
    const name = tokens
      .slice(i, end + 1)
      .map((w) => w.raw)
      .join(' ');
    return { kind: 'unmatched', name, start: i, end, strong: t.capital || t.possessive };
  }
  return undefined;
}

/** Recognises the organisation's words, then corrects the vocabulary's typos in what is left. */
export async function spell(tokens: readonly Token[], emails: readonly string[], org: OrgWords): Promise<Spelled> {
  const timeFixed = tokens.map((t) => {
    const fix = t.num === null ? correctTimeWord(t.norm) : null;
    return fix ? withWord(t, fix) : t;
  });
  const used = timeFixed.map(() => false);
  markOrgName(timeFixed, used, wordsOf(org.orgName));
  const siteMatch = findSite(
    timeFixed,
    used,
    org.sites.map((site) => ({ site, words: wordsOf(site) })),
  );
  if (siteMatch) for (let k = 0; k < siteMatch.span.length; k += 1) used[siteMatch.span.start + k] = true;

  const candidates = nameCandidates(timeFixed, used);
  const query: PeopleQuery = {
    names: [...candidates.full.keys()].slice(0, 40),
    firstNames: [...candidates.single.keys()].slice(0, 5),
    lastNames: [...candidates.single.keys()].slice(0, 5),
    emails: [...emails],
  };
  const rows = query.names.length + query.firstNames.length + query.emails.length > 0 ? await org.lookupPeople(query) : [];
  const found = resolvePeople(timeFixed, used, candidates, rows, emails);
  const nameIssue = found.nameIssue ?? (found.person ? undefined : unmatchedName(timeFixed, used, candidates));

  const vocabulary = matchPhrases(
    timeFixed.map((t) => t.stem),
    used,
  );
  const corrected = [...timeFixed];
  const unknown: string[] = [];
  for (const i of vocabulary.unknown) {
    const t = timeFixed[i];
    if (!t || used[i]) continue;
    const fix = correctTypo(t.stem) ?? correctTypo(t.norm);
    if (fix) corrected[i] = withWord(t, fix);
    // The word as typed and without its plural ("RFIs": the records say "RFI").
    else if (t.num === null && t.norm.length >= 2) unknown.push(t.norm, singular(t.norm));
  }
  const words = [...new Set(unknown)].slice(0, 24);
  return {
    tokens: corrected,
    used,
    recordWords: new Set(words.length > 0 ? await org.recordWords(words) : []),
    ...(siteMatch ? { site: siteMatch.site } : {}),
    ...(found.person ? { person: found.person, people: found.people } : {}),
    ...(nameIssue ? { nameIssue } : {}),
  };
}
