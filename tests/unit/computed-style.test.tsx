/**
 * tests/support/setup.ts answers `getComputedStyle` faster than jsdom does on its own (selectors read
 * from their subject first, one declaration kept per element until something changes). Held here to
 * jsdom's own answers: every selector jsdom's style code met, on every element of real screens
 * (Chakra's rules and jsdom's default sheet), and every computed property of every element, before
 * and after changes that alter styles.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FasterComputedStyle } from '../support/setup';
import { renderAddUser } from '../views/users/render-dialogs';
import { makePage } from '../views/users/fixtures';
import { createUsersDoubles, renderUsers } from '../views/users/render-users';

const computed = window.getComputedStyle as FasterComputedStyle;

/** Elements of every kind the rules name, beside the screen: SVG, dialogs, forms, tables, `dir`, `hidden`. */
const EXTRA = `
  <section id="extra" dir="rtl" class="one two">
    <dialog open><p>open</p></dialog><dialog><p>closed</p></dialog>
    <div hidden>hidden</div><div hidden="until-found">found</div><embed hidden>
    <input type="hidden" value="x"><input type="TEL" dir="auto"><input type="checkbox" checked>
    <select><option>a</option></select><textarea dir="auto"></textarea><button type="submit">Go</button>
    <table rules="all" frame="box"><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>
    <ul><li><ol><li><menu><li>deep</li></menu></li></ol></li></ul>
    <a href="#x">link</a><a>anchor</a><abbr title="t">abbr</abbr><details open><summary>s</summary>body</details>
    <bdi>bdi</bdi><bdo dir="ltr">bdo</bdo><pre dir="auto">pre</pre><q>q</q><ruby>r<rt>t</rt></ruby>
    <svg class="one" viewBox="0 0 1 1"><title>icon</title><a href="#y"><path d="M0 0"/></a><foreignObject><div>fo</div></foreignObject></svg>
    <span style="display: none"><b style="visibility: visible">shown</b></span>
  </section>`;

function everyElement(): Element[] {
  return [document.documentElement, ...document.documentElement.querySelectorAll('*')];
}

function declarationOf(style: CSSStyleDeclaration): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < style.length; i += 1) {
    const property = style.item(i);
    out[property] = `${style.getPropertyValue(property)}${style.getPropertyPriority(property) ? ' !important' : ''}`;
  }
  return out;
}

/** Every selector on every element: where the subject settles it, the engine agrees. */
function expectSelectorsAgree(): { settled: number; asked: number } {
  const selectors = computed.internals.selectors();
  expect(selectors.length).toBeGreaterThan(100);
  let settled = 0;
  let asked = 0;
  const disagreements: string[] = [];
  for (const element of everyElement()) {
    for (const selector of selectors) {
      asked += 1;
      const fast = computed.internals.settle(selector, element);
      if (fast === undefined) continue;
      settled += 1;
      if (fast !== computed.internals.engine(selector, element)) disagreements.push(`${element.outerHTML.slice(0, 60)} ${selector}`);
    }
  }
  expect(disagreements).toEqual([]);
  return { settled, asked };
}

/** Every element's computed declaration (and the properties callers read by name) is jsdom's own. */
function expectStylesAgree(): void {
  const elements = everyElement();
  const read = (style: CSSStyleDeclaration) =>
    JSON.stringify({ display: style.display, visibility: style.visibility, pointerEvents: style.pointerEvents, all: declarationOf(style) });
  const ours = elements.map((element) => read(window.getComputedStyle(element)));
  const again = elements.map((element) => read(window.getComputedStyle(element)));
  const theirs = computed.internals.jsdom(elements).map(read);
  expect(again).toEqual(ours);
  const disagreements = elements.filter((_, i) => ours[i] !== theirs[i]).map((element) => element.outerHTML.slice(0, 80));
  expect(disagreements).toEqual([]);
}

describe('getComputedStyle in the tests (tests/support/setup.ts)', () => {
  it('is installed', () => {
    expect(typeof computed.internals?.jsdom, 'jsdom internals changed: see tests/support/setup.ts').toBe('function');
  });

  it("gives jsdom's answers on the users screen, a menu, a dialog and elements of every kind, before and after changes", async () => {
    document.body.insertAdjacentHTML('beforeend', EXTRA);
    const doubles = createUsersDoubles();
    renderUsers({ doubles });
    act(() => doubles.list.resolve('loadUsers', makePage(1, { count: 3 })));
    const table = await screen.findByRole('table', { name: 'Users' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click((await within(table).findAllByRole('button', { name: /^Actions for / }))[0] as HTMLElement);
    await screen.findAllByRole('menuitem');
    renderAddUser();
    await screen.findByRole('dialog', { name: 'Add User' });

    expectStylesAgree();
    const { settled, asked } = expectSelectorsAgree();
    // Most of the matching is settled without the engine (that is the point of it).
    expect(settled / asked).toBeGreaterThan(0.8);

    // Changes that alter styles: a style attribute, a class, `hidden`, a removed style sheet, a moved node.
    const extra = document.getElementById('extra') as HTMLElement;
    const before = window.getComputedStyle(extra);
    extra.style.display = 'none';
    expect(window.getComputedStyle(extra)).not.toBe(before);
    expect(window.getComputedStyle(extra).display).toBe('none');
    expect(before.display).toBe('block');
    extra.className = 'two';
    extra.querySelector('div[hidden]')?.removeAttribute('hidden');
    document.head.querySelector('style')?.remove();
    document.body.prepend(extra.querySelector('table') as HTMLElement);
    expectStylesAgree();
    expectSelectorsAgree();
  }, 120_000);
});
