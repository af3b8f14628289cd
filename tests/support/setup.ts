/// <reference types="@testing-library/jest-dom/vitest" />
import { createRequire } from 'node:module';
import { afterAll, afterEach, vi } from 'vitest';
import { WAIT_MS } from './waits';

/**
 * Files of a project share a worker, one after another (`isolate: false`, vitest.config.ts). What
 * Node has loaded from node_modules (React, Chakra, jsdom, PGlite) stays loaded: that was most of a
 * file's start-up. Everything else each file gets as a fresh process would give it:
 *  - the project's own modules, evaluated again for this file, so no module state (a chunk already
 *    loaded, a cache, a session) carries over from the file before;
 *  - the page: its address, storage, cookies and body (below);
 *  - real timers, and no global or environment variable a file stubbed with `vi` (afterAll below);
 * and what this file installs on the shared window or `vi` is installed once.
 * tests/unit/isolation.test.ts runs two files in one worker to hold this to it.
 */
vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// Every wait's limit: WAIT_MS (tests/support/waits.ts), for vi.waitFor here and for Testing Library below.
const WITH_LIMIT = Symbol.for('hardline.waitForWithLimit');
if (!(WITH_LIMIT in vi.waitFor)) {
  const waitForWithDefault = vi.waitFor;
  vi.waitFor = Object.assign(
    ((callback, options) =>
      waitForWithDefault(callback, typeof options === 'number' ? options : { timeout: WAIT_MS, ...options })) as typeof vi.waitFor,
    { [WITH_LIMIT]: true },
  );
}

// Files in the node environment (`// @vitest-environment node`: the server, the scripts, pure
// logic) render nothing: they load neither jest-dom's matchers nor Testing Library.
if (typeof document !== 'undefined') {
  // The page as a new one: the address, storage, cookies and body a file before may have left.
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.replaceChildren();
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  // The one place the limit is set (eslint.config.js, noShortWaits, keeps it out of the test files).
  // eslint-disable-next-line no-restricted-syntax
  configure({ asyncUtilTimeout: WAIT_MS });
  afterEach(() => {
    cleanup();
  });
  // jsdom lays nothing out, so it has no scrolling into view: a no-op where the console asks for it
  // (a test that checks it spies on it).
  Element.prototype.scrollIntoView ??= () => {};
}

/**
 * Computed styles in jsdom: the same answers, for less work.
 *
 * Role queries compute accessible names, and they, user-event and jest-dom ask `getComputedStyle`
 * about every element they look at (and, unless `hidden`, about each of its ancestors). jsdom answers
 * each call from scratch: it matches the element against every rule of its default style sheet and
 * of the page (Chakra's), with a general selector engine, and copies and resolves every property.
 * On the users list walk that was half of the time of a path, and the same in the view tests.
 *
 * jsdom keeps each element's matched declaration in the document's style cache, which it empties on
 * every change that can alter a style (an attribute, a child, text, a style sheet). Here:
 *  1. a selector is first read for what its subject (the element it styles) must be: its element
 *     name, classes, id and attributes. An element that is not that does not match, and a list of
 *     names and classes (all of Chakra's rules, most of jsdom's default sheet) that it is, matches:
 *     the rule of CSS itself. Anything else (pseudo-classes, combinators that decide) goes to the
 *     engine, as before;
 *  2. the computed declaration of an element is kept for as long as jsdom keeps its style cache, and
 *     given again when asked again before anything changes. It is still a snapshot, as jsdom's is.
 * tests/unit/computed-style.test.tsx holds this to jsdom's own answers: every selector on every
 * element of real screens, and every computed property, before and after changes. Where jsdom's
 * internals are not as expected (another jsdom version), nothing is changed.
 */
interface ElementImpl {
  _localName: string;
  _namespaceURI: string | null;
  _ownerDocument: unknown;
  getAttributeNS(namespace: string | null, name: string): string | null;
}
interface DocumentImpl {
  _styleCache?: object | null;
  compatMode: string;
  _domSelector?: { check: SelectorCheck };
}
type SelectorCheck = (selector: string, node: ElementImpl, options?: object) => { match: boolean; pseudoElement?: string | null };

/** `window.getComputedStyle` as installed here, with what tests/unit/computed-style.test.tsx compares. */
export interface FasterComputedStyle {
  (element: Element, pseudoElement?: string | null): CSSStyleDeclaration;
  internals: {
    /** jsdom's own declarations, computed from scratch by its engine alone. */
    jsdom(elements: Element[]): CSSStyleDeclaration[];
    /** The selectors seen so far. */
    selectors(): string[];
    /** true or false when the selector's subject settles it, undefined when the engine decides. */
    settle(selector: string, element: Element): boolean | undefined;
    /** What jsdom's style code takes from the engine: a match, and no pseudo-element. */
    engine(selector: string, element: Element): boolean;
  };
}

/** What the subject (last compound) of each selector of a list requires; null when not read here. */
interface Subject {
  type: string | null;
  /** Names from `:is()` / `:where()`: the element is one of them. */
  anyOf: string[] | null;
  classes: string[];
  ids: string[];
  attributes: string[];
  /** Nothing else in this selector: meeting the requirements is a match. */
  whole: boolean;
  /** One compound, no pseudo-class or pseudo-element: a selector the engine surely accepts. */
  plain: boolean;
}
interface SelectorPlan {
  subjects: Array<Subject | null>;
  /** Every selector of the list is plain: the engine accepts the list, so one whole subject met is a match. */
  valid: boolean;
}

const IDENT = /^-?[_a-zA-Z][_a-zA-Z0-9-]*/;
/** What may follow the name in an attribute selector: nothing, or an operator, a value and a flag. */
const ATTRIBUTE_TEST = /^(?:[~|^$*]?=\s*(?:"[^"]*"|'[^']*'|-?[_a-zA-Z][_a-zA-Z0-9-]*)(?:\s+[iIsS])?)?$/;
const TYPE_LIST = /^\s*[a-zA-Z][a-zA-Z0-9]*(?:\s*,\s*[a-zA-Z][a-zA-Z0-9]*)*\s*$/;

/**
 * Splits `text` at each top-level occurrence of a character `at` accepts (outside brackets,
 * parentheses and quoted strings), giving each piece with the character that ended it.
 */
function splitTopLevel(text: string, at: (c: string) => boolean): Array<{ piece: string; end: string }> | null {
  const pieces: Array<{ piece: string; end: string }> = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') {
      depth -= 1;
      if (depth < 0) return null;
    } else if (depth === 0 && at(c)) {
      pieces.push({ piece: text.slice(from, i), end: c });
      from = i + 1;
    }
  }
  if (depth !== 0 || quote) return null;
  pieces.push({ piece: text.slice(from), end: '' });
  return pieces;
}

/** Index just past the bracket or parenthesis opened at `text[0]`, skipping quoted strings; -1 if unclosed. */
function closing(text: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The last compound of a complex selector, read conservatively: anything unexpected gives null. */
function readSubject(complex: string): Subject | null {
  const compounds = splitTopLevel(complex, (c) => c === ' ' || c === '>' || c === '+' || c === '~');
  if (!compounds) return null;
  const compound = compounds[compounds.length - 1]?.piece ?? '';
  if (compound === '') return null;
  const subject: Subject = {
    type: null,
    anyOf: null,
    classes: [],
    ids: [],
    attributes: [],
    whole: compounds.length === 1,
    plain: compounds.length === 1,
  };
  let rest = compound;
  const type = /^(\*|[a-zA-Z][a-zA-Z0-9-]*)/.exec(rest);
  if (type) {
    if (type[1] !== '*') subject.type = type[1] as string;
    rest = rest.slice(type[0].length);
  }
  while (rest !== '') {
    const sigil = rest[0];
    if (sigil === '.' || sigil === '#') {
      const name = IDENT.exec(rest.slice(1))?.[0];
      if (!name) return null;
      (sigil === '.' ? subject.classes : subject.ids).push(name);
      rest = rest.slice(1 + name.length);
    } else if (sigil === '[') {
      const end = closing(rest);
      const name = IDENT.exec(rest.slice(1))?.[0];
      if (end < 0 || !name) return null;
      const after = rest.slice(1 + name.length, end - 1).trim();
      if (!ATTRIBUTE_TEST.test(after)) return null;
      subject.attributes.push(name);
      subject.whole = false;
      rest = rest.slice(end);
    } else if (sigil === ':') {
      // A pseudo-class or element only narrows; `:is()` and `:where()` of element names name the element.
      const name = /^::?-?[_a-zA-Z][_a-zA-Z0-9-]*/.exec(rest)?.[0];
      if (!name) return null;
      rest = rest.slice(name.length);
      if (rest[0] === '(') {
        const end = closing(rest);
        if (end < 0) return null;
        const argument = rest.slice(1, end - 1);
        if ((name === ':is' || name === ':where') && TYPE_LIST.test(argument)) {
          const names = argument.split(',').map((n) => n.trim());
          subject.anyOf = subject.anyOf ? subject.anyOf.filter((n) => names.includes(n)) : names;
        }
        rest = rest.slice(end);
      }
      subject.whole = false;
      subject.plain = false;
    } else {
      return null;
    }
  }
  return subject;
}

/** A plan for a selector list, or null when any of it is beyond this reader (escapes, namespaces, nesting). */
function planSelector(text: string): SelectorPlan | null {
  if (/[\\|&]/.test(text)) return null;
  const complexes = splitTopLevel(text, (c) => c === ',');
  if (!complexes) return null;
  const subjects = complexes.map(({ piece }) => {
    const complex = piece.trim().replace(/\s*([>+~])\s*/g, '$1');
    return complex === '' ? null : readSubject(complex);
  });
  return { subjects, valid: subjects.every((s) => s !== null && s.plain) };
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

function meets(subject: Subject, element: ElementImpl): boolean {
  const html = element._namespaceURI === HTML_NS;
  const name = (n: string): string => (html ? n.toLowerCase() : n);
  if (subject.type !== null && name(subject.type) !== element._localName) return false;
  if (subject.anyOf !== null && !subject.anyOf.some((n) => name(n) === element._localName)) return false;
  if (subject.classes.length > 0) {
    const classes = (element.getAttributeNS(null, 'class') ?? '').split(/[\t\n\f\r ]+/);
    if (!subject.classes.every((c) => classes.includes(c))) return false;
  }
  if (subject.ids.length > 0 && !subject.ids.every((id) => element.getAttributeNS(null, 'id') === id)) return false;
  return subject.attributes.every((attribute) => element.getAttributeNS(null, name(attribute)) !== null);
}

/** true or false when the subjects settle it, undefined when the engine must decide. */
function settleWith(plan: SelectorPlan, element: ElementImpl): boolean | undefined {
  let undecided = false;
  for (const subject of plan.subjects) {
    if (subject === null) undecided = true;
    else if (meets(subject, element)) {
      if (plan.valid && subject.whole) return true;
      undecided = true;
    }
  }
  return undecided ? undefined : false;
}

function fasterComputedStyle(): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  // Once per window: the files of a worker share one.
  if ('internals' in window.getComputedStyle) return;
  const implKey = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  if (!implKey) return;
  const implOf = <T>(wrapper: object): T | undefined => (wrapper as Record<symbol, T | undefined>)[implKey];
  const documentImpl = implOf<DocumentImpl>(document);
  const domSelector = documentImpl?._domSelector;
  if (!documentImpl || !('_styleCache' in documentImpl) || typeof domSelector?.check !== 'function') return;
  try {
    // jsdom's own module: a sign that the internals read below are the ones this was written for.
    const rules = createRequire(import.meta.url)('jsdom/lib/jsdom/living/helpers/style-rules.js') as Record<string, unknown>;
    if (typeof rules.getDeclarationForElement !== 'function' || typeof rules.invalidateStyleCache !== 'function') return;
  } catch {
    return;
  }

  // 1. Selectors: the subject first, the engine when the subject does not settle it.
  const engineCheck = domSelector.check;
  const plans = new Map<string, SelectorPlan | null>();
  let engineOnly = false;
  const settle = (text: string, node: ElementImpl): boolean | undefined => {
    if (engineOnly || documentImpl.compatMode !== 'CSS1Compat' || node?._ownerDocument !== documentImpl) return undefined;
    let plan = plans.get(text);
    if (plan === undefined) {
      plan = planSelector(text);
      plans.set(text, plan);
    }
    return plan ? settleWith(plan, node) : undefined;
  };
  domSelector.check = (text, node, options) => {
    const match = settle(text, node);
    return match === undefined ? engineCheck(text, node, options) : { match, pseudoElement: null };
  };

  // 2. One declaration per element for as long as jsdom keeps its style cache.
  const original = window.getComputedStyle.bind(window);
  const kept = new WeakMap<Element, { generation: object; style: CSSStyleDeclaration }>();
  const computedStyle = ((element: Element, pseudoElement?: string | null): CSSStyleDeclaration => {
    if (
      (pseudoElement ?? '') !== '' ||
      !(element instanceof window.Element) ||
      !element.isConnected ||
      element.ownerDocument !== document
    ) {
      return original(element, pseudoElement);
    }
    const generation = documentImpl._styleCache;
    const hit = generation ? kept.get(element) : undefined;
    if (hit && hit.generation === generation) return hit.style;
    const style = original(element);
    if (documentImpl._styleCache) kept.set(element, { generation: documentImpl._styleCache, style });
    return style;
  }) as FasterComputedStyle;
  const impl = (element: Element): ElementImpl => {
    const found = implOf<ElementImpl>(element);
    if (!found) throw new Error('not a jsdom element');
    return found;
  };
  computedStyle.internals = {
    jsdom(elements) {
      engineOnly = true;
      documentImpl._styleCache = null;
      try {
        return elements.map((element) => original(element));
      } finally {
        documentImpl._styleCache = null;
        engineOnly = false;
      }
    },
    selectors: () => [...plans.keys()],
    settle: (text, element) => settle(text, impl(element)),
    engine(text, element) {
      try {
        const { match, pseudoElement } = engineCheck(text, impl(element));
        return match && !pseudoElement;
      } catch {
        return false;
      }
    },
  };
  window.getComputedStyle = computedStyle;
}
fasterComputedStyle();
