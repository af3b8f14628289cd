/**
 * Step 1 of reading a question: normalise. The question is cut into tokens (words of letters and
 * digits, dates kept whole), lower-cased, accents removed, British spellings mapped, possessives
 * dropped and plurals stemmed. No regular expression runs over the whole question more than once,
 * and only its first MAX_TOKENS tokens are read (a question is at most 2,000 characters).
 */

export interface Token {
  /** As typed (for names: capitalisation tells a name from a word). */
  raw: string;
  /** Lower case, accents removed, British spellings mapped, apostrophes dropped. */
  norm: string;
  /** `norm` without a plural ending. */
  stem: string;
  /** Whether it starts with a capital letter as typed. */
  capital: boolean;
  /** A number as typed ("5", "30"), or a number word ("five"). */
  num: number | null;
  /** Typed with a possessive "'s" ("Sofia's"): most likely a name. */
  possessive: boolean;
}

/** Only this many tokens of a question are read (a question is at most 2,000 characters). */
const MAX_TOKENS = 60;

const BRITISH: Record<string, string> = {
  licence: 'license',
  licences: 'licenses',
  licenced: 'licensed',
  unlicenced: 'unlicensed',
  organisation: 'organization',
  organisations: 'organizations',
  organisation_s: 'organization',
  cancelled: 'canceled',
  cancelling: 'canceling',
  cancellation: 'cancelation',
  cancellations: 'cancelations',
  summarise: 'summarize',
  analyse: 'analyze',
  utilisation: 'utilization',
  behaviour: 'behavior',
  favourite: 'favorite',
  harbour: 'harbor',
  centre: 'center',
  colour: 'color',
  labour: 'labor',
};

/** Shorthand typed on a phone: read as the word it stands for. */
const SHORTHAND: Record<string, string> = {
  hw: 'how',
  hwo: 'how',
  u: 'you',
  r: 'are',
  ur: 'your',
  thx: 'thanks',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmw: 'tomorrow',
  yday: 'yesterday',
  yest: 'yesterday',
  mins: 'minutes',
  hrs: 'hours',
  hr: 'hour',
  yr: 'year',
  yrs: 'years',
  b4: 'before',
  lic: 'license',
  acct: 'account',
  accts: 'accounts',
  emails: 'email',
  ph: 'phone',
  tel: 'phone',
  invs: 'invoices',
  inv: 'invoice',
  txns: 'transactions',
  txn: 'transaction',
  mbrs: 'members',
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

/** Removes a plural ending: "members" -> "member", "activities" -> "activity", "boxes" -> "box". */
/** Words whose final "s" is not a plural. */
const NOT_PLURAL = new Set([
  'news',
  'series',
  'species',
  'always',
  'perhaps',
  'analytics',
  'status',
  'its',
  'yes',
  'less',
  'unless',
  'across',
  'thanks',
  'pms',
]);

/** The word without a plural "s", even where `stem` keeps it ("RFIs" -> "rfi", "analysis" stays for `stem`). */
export function singular(word: string): string {
  const stemmed = stem(word);
  return stemmed !== word || !word.endsWith('s') || word.endsWith('ss') || word.length <= 3 ? stemmed : word.slice(0, -1);
}

export function stem(word: string): string {
  if (word.length <= 3 || NOT_PLURAL.has(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ches') || word.endsWith('shes') || word.endsWith('xes')) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/** E-mail addresses in a question (at most 3): a member can be named by theirs. */
const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi;

/** The question's e-mail addresses (lower case), and its tokens without them. */
export function normalise(question: string): { tokens: Token[]; emails: string[] } {
  const emails = [...question.slice(0, 2000).matchAll(EMAIL)].slice(0, 3).map((m) => m[0].toLowerCase().replace(/[.?!]+$/, ''));
  return { tokens: tokenize(emails.length > 0 ? question.replace(EMAIL, ' ') : question), emails };
}

/**
 * The question as tokens: words of letters and digits (an apostrophe inside a word is dropped, so
 * "haven't" is "havent" and "Priya's" is "priyas" until the possessive is removed), dates such as
 * 2025-06-01 and 6/1 kept whole. A possessive "'s" is removed.
 */
export function tokenize(question: string): Token[] {
  const text = question.normalize('NFKD');
  const tokens: Token[] = [];
  let raw = '';
  let norm = '';
  const flush = (possessive = false) => {
    if (norm !== '') {
      const word = BRITISH[norm] ?? SHORTHAND[norm] ?? norm;
      const n = /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? null);
      const capital = raw.length > 0 && raw[0] !== raw[0]?.toLowerCase();
      tokens.push({ raw, norm: word, stem: stem(word), capital, num: n, possessive });
    }
    raw = '';
    norm = '';
  };
  for (let i = 0; i < text.length && tokens.length < MAX_TOKENS; i += 1) {
    const ch = text[i] ?? '';
    const code = ch.toLowerCase().charCodeAt(0);
    // Combining marks (accents after NFKD) are skipped.
    if (code >= 0x300 && code <= 0x36f) continue;
    if (isLetter(code)) {
      raw += ch;
      norm += ch.toLowerCase();
      continue;
    }
    const next = text[i + 1] ?? '';
    const nextIsWord = isLetter(next.toLowerCase().charCodeAt(0));
    // Apostrophes inside a word: "haven't", "priya's" (the possessive is dropped).
    if ((ch === "'" || ch === '\u2019') && norm !== '' && nextIsWord) {
      if ((next === 's' || next === 'S') && !isLetter((text[i + 2] ?? ' ').toLowerCase().charCodeAt(0))) {
        i += 1;
        flush(true);
        continue;
      }
      continue;
    }
    // Dates: 2025-06-01, 6/1, 6/1/2025 stay one token.
    if ((ch === '-' || ch === '/') && /^\d[\d/-]*\d$|^\d$/.test(norm) && /\d/.test(next)) {
      raw += ch;
      norm += ch;
      continue;
    }
    flush();
  }
  flush();
  return tokens;
}

/** Damerau-Levenshtein distance (adjacent transpositions count as one edit), bounded by `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(d);
      if (d < best) best = d;
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}

/** How many edits a word of this length may be away from a vocabulary word and still be it. */
export function typoBudget(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}
