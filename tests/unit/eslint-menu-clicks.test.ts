// @vitest-environment node
/**
 * The jsdom suites' lint against pointer clicks on menu items (scripts/test/eslint-menu-clicks.js):
 * it sees the click however the item reached it, and leaves other clicks alone.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin from '../../scripts/test/eslint-menu-clicks.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const click = [{ messageId: 'click' }];
const rule = plugin.rules['no-pointer-menu-clicks'];

tester.run('no-pointer-menu-clicks', rule, {
  valid: [
    // Buttons, menus' triggers and other roles are clicked as usual.
    "await user.click(screen.getByRole('button', { name: 'Save' }));",
    "const trigger = await screen.findByRole('button', { name: 'Account' }); await user.click(trigger);",
    // A menu item is read, not clicked.
    "const item = await screen.findByRole('menuitem', { name: 'Sign out' }); expect(item).toBeVisible();",
    // The keyboard path of tests/support/menus.ts.
    "await chooseFromMenu(user, trigger, 'Sign out');",
    // A name that only shadows a menu item's in another scope.
    "{ const item = screen.getByRole('menuitem'); } { const item = screen.getByRole('link'); await user.click(item); }",
  ],
  invalid: [
    { code: "await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));", errors: click },
    { code: "await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Licensed' }));", errors: click },
    { code: "const item = await screen.findByRole('menuitem', { name: 'Sign out' }); await user.click(item);", errors: click },
    { code: "const items = screen.getAllByRole('menuitem'); await user.click(items[1]!);", errors: click },
    { code: "const [first] = screen.getAllByRole('menuitemradio'); fireEvent.click(first);", errors: click },
    { code: "const items = within(menu).getAllByRole('menuitem'); const last = items.at(-1); await user.click(last);", errors: click },
    { code: "const item = getByRole('menuitem', { name: 'Delete' }); item.click();", errors: click },
    { code: "await user.click(screen.queryAllByRole('menuitem').find((i) => i.textContent === 'Delete'));", errors: click },
  ],
});
