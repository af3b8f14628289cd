/**
 * Lint for the jsdom suites: no pointer click on a menu item.
 *
 * In jsdom a pointer click on a menu item can land on an item the opening menu has already replaced,
 * and choose nothing: a test that passes on a quiet machine and fails on a busy one. A test chooses
 * by keyboard instead, once the menu has the focus, as tests/support/menus.ts does.
 *
 * The rule sees the click however the item reached it:
 *   await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));     the query itself
 *   const item = await screen.findByRole('menuitem', { name: 'Sign out' });
 *   await user.click(item);                                                    a variable holding one
 *   const [first] = screen.getAllByRole('menuitem'); fireEvent.click(first);   or one of many
 *   item.click();                                                              or the DOM's own click
 */

const MENU_ROLES = new Set(['menuitem', 'menuitemcheckbox', 'menuitemradio']);
const ROLE_QUERY = /^(get|find|query)(All)?ByRole$/;
/** Expressions that pass a value through: await …, …!, … as HTMLElement, …?.… */
const WRAPPERS = new Set(['AwaitExpression', 'TSNonNullExpression', 'TSAsExpression', 'ChainExpression']);

/** The name a call is made by: `getByRole(…)` or `screen.getByRole(…)`. */
function calleeName(call) {
  const callee = call.callee;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

/** Whether an expression gives a menu item, or a list of them: a role query for one, awaited, indexed or narrowed. */
function isMenuItemQuery(node) {
  if (WRAPPERS.has(node?.type)) return isMenuItemQuery(node.expression ?? node.argument);
  switch (node?.type) {
    case 'MemberExpression':
      // items[0]
      return node.computed && isMenuItemQuery(node.object);
    case 'CallExpression': {
      const name = calleeName(node);
      if (name !== null && ROLE_QUERY.test(name)) {
        const role = node.arguments[0];
        return role?.type === 'Literal' && MENU_ROLES.has(role.value);
      }
      // items.at(-1), items.find(…)
      return (name === 'at' || name === 'find') && node.callee.type === 'MemberExpression' && isMenuItemQuery(node.callee.object);
    }
    default:
      return false;
  }
}

/** The variable an identifier refers to, from the scope it is used in. */
function variableOf(sourceCode, identifier) {
  for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noPointerMenuClicks = {
  meta: {
    type: 'problem',
    docs: { description: 'Choose a menu item by keyboard (tests/support/menus.ts), never with a pointer click.' },
    schema: [],
    messages: {
      click:
        'Choose a menu item with chooseFromMenu / chooseFromRowMenu from tests/support/menus.ts: a pointer click can miss while the menu opens.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    /** Variables that hold a menu item (or a list of them). */
    const holders = new Set();
    const holdsMenuItem = (node) =>
      (WRAPPERS.has(node?.type) && holdsMenuItem(node.expression ?? node.argument)) ||
      isMenuItemQuery(node) ||
      (node?.type === 'Identifier' && holders.has(variableOf(sourceCode, node))) ||
      (node?.type === 'MemberExpression' && node.computed && holdsMenuItem(node.object)) ||
      (node?.type === 'CallExpression' &&
        node.callee.type === 'MemberExpression' &&
        ['at', 'find'].includes(node.callee.property.name) &&
        holdsMenuItem(node.callee.object));
    const remember = (declarator, init) => {
      if (!holdsMenuItem(init)) return;
      for (const variable of sourceCode.getDeclaredVariables(declarator)) holders.add(variable);
    };
    return {
      VariableDeclarator(node) {
        remember(node, node.init);
      },
      CallExpression(node) {
        if (node.callee.type !== 'MemberExpression' || node.callee.property.name !== 'click') return;
        // user.click(item), fireEvent.click(item), or item.click()
        const target = node.arguments.length > 0 ? node.arguments[0] : node.callee.object;
        if (holdsMenuItem(target)) context.report({ node, messageId: 'click' });
      },
    };
  },
};

export default { meta: { name: 'hardline-tests' }, rules: { 'no-pointer-menu-clicks': noPointerMenuClicks } };
