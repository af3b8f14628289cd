/** The types of eslint-menu-clicks.js, a plain-JS ESLint plugin so that eslint.config.js can load it as it is. */
import type { Rule } from 'eslint';

declare const plugin: { meta: { name: string }; rules: { 'no-pointer-menu-clicks': Rule.RuleModule } };
export default plugin;
