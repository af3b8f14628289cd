/**
 * Vite plugin (build only): lets the bundler drop the parts of Chakra UI, and of Ark UI and Zag
 * beneath it, that no screen uses but that their published modules keep alive. Two shapes, each
 * measured on the /login JavaScript (scripts/build/bundle-size.ts):
 *
 * 1. Anatomies (about 0.9 kB gzip). The names of each component's parts are built by module-level
 *    calls, `createAnatomy('dialog').parts(…)`, `anatomy.build()`, `dialogAnatomy.extendWith(…)`,
 *    that nothing marks as free of side effects, so the bundler kept every one, and every anatomy
 *    module they name: the date picker's, the colour picker's, the file upload's and a dozen more.
 *    The calls only build plain objects: each module-level declaration whose value is such a call is
 *    marked `/* @__PURE__ *\/`, in Chakra's `anatomy.js`, Ark's `components/<name>/<name>.anatomy.js`
 *    and Zag's `<name>.anatomy.mjs`. Ark's mostly re-export Zag's under another name and have
 *    nothing to mark; Chakra's and Zag's always build one.
 *
 * 2. Ark's component namespaces (about 1.6 kB gzip). Chakra's components import Ark's as one object,
 *    `import { Field } from '@ark-ui/react/field'`, and use `Field.Root`, `Field.Label`… That object
 *    is built with a getter for every part (`__exportAll({ Root: () => FieldRoot, … })`), so every
 *    part stays: /login carried the field's textarea with its auto-resize code, and its select.
 *    Ark's `components/<name>/<name>.js` exports the same parts by name, so each such import in
 *    Chakra's components becomes `import * as Field from '…/components/field/field.js'`, whose
 *    members the bundler follows one by one. Only where the file uses the name as `Field.<part>`
 *    and never alone (a bare use would need the object).
 *
 * When an upgrade of Chakra, Ark or Zag changes either shape, the build stops here with a message
 * rather than quietly keeping it all (tests/unit/chakra-tree-shaking.test.ts checks the installed
 * packages).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The modules that build anatomies, in the installed Chakra, Ark and Zag. */
export const ANATOMY_MODULE =
  /[\\/](?:@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/][\w-]+[\\/][\w-]+\.anatomy\.js|@zag-js[\\/][\w-]+[\\/]dist[\\/][\w-]+\.anatomy\.mjs)$/;

/** Chakra's component modules, which import Ark's namespaces. */
const CHAKRA_COMPONENT_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]/;

/** A module-level `const x = f(…)` or `var x = a.b(…)`: what the annotation goes before. */
const DECLARED_CALL = /^((?:const|let|var) [\w$]+ = )(?=[\w$]+(?:\.[\w$]+)*\()/gm;

const PURE = '/* @__PURE__ */ ';

/** Ark's modules: a re-export of Zag's anatomy, or one extended; either shape is expected. */
const MAY_HAVE_NONE = /[\\/]@ark-ui[\\/]/;

/** The module with each module-level anatomy call marked pure, or an error when Chakra's or Zag's has none. */
export function withPureAnatomies(source: string, id: string): string {
  let marked = 0;
  const out = source.replace(DECLARED_CALL, (declaration: string) => {
    marked += 1;
    return declaration + PURE;
  });
  if (marked === 0 && !MAY_HAVE_NONE.test(id)) {
    throw new Error(
      `scripts/build/chakra-tree-shaking.ts: no module-level anatomy call found in ${id}. ` +
        'Chakra, Ark or Zag has changed how it builds anatomies: update the pattern, or drop this part of the plugin (the /login JavaScript then carries every anatomy again).',
    );
  }
  return out;
}

/** `import { Field, useFieldContext } from '@ark-ui/react/field';`, one line as Chakra's build writes it. */
const ARK_IMPORT = /^import \{ ([^}]*) \} from '@ark-ui\/react\/([a-z-]+)';$/gm;

/** Ark's components folder, beside the Chakra module `id` (both installed under one node_modules). */
export function arkComponentsBeside(id: string): string {
  return id.replace(/[\\/]@chakra-ui[\\/]react[\\/].*$/, '/@ark-ui/react/dist/components');
}

/**
 * Chakra's component module with each Ark namespace import made a namespace of the module that
 * exports its parts by name, and how many it changed. `namespaceModule(name)` is that module's
 * path, or undefined when Ark has none for `name` (its parts are then left as they are).
 */
export function withArkNamespaces(
  source: string,
  namespaceModule: (name: string) => string | undefined,
): { code: string; changed: number } {
  const body = source
    .split('\n')
    .filter((line) => !line.startsWith('import '))
    .join('\n');
  let changed = 0;
  const code = source.replace(ARK_IMPORT, (line: string, list: string, name: string) => {
    const names = list.split(',').map((part) => part.trim());
    const namespace = names.find((part) => /^[A-Z][\w$]*$/.test(part));
    const file = namespaceModule(name);
    if (namespace === undefined || file === undefined) return line;
    // Only where every use is `Namespace.<part>`: a bare use needs the whole object.
    // (`x.Field` is another object's property, not a use; `...Field` is one.)
    if (new RegExp(`(?<![\\w$])(?<![\\w$)\\]]\\.)${namespace.replace('$', '\\$')}(?![\\w$]|\\.[A-Za-z])`).test(body)) return line;
    changed += 1;
    const rest = names.filter((part) => part !== namespace);
    return [
      `import * as ${namespace} from ${JSON.stringify(file)};`,
      ...(rest.length > 0 ? [`import { ${rest.join(', ')} } from '@ark-ui/react/${name}';`] : []),
    ].join('\n');
  });
  return { code, changed };
}

/** Ark's module that exports the parts of component `name` by name, from its components folder. */
export function arkNamespaceModule(components: string, name: string): string | undefined {
  const file = join(components, name, `${name}.js`);
  if (!existsSync(file)) return undefined;
  // The namespace's module: its parts by name, and the object of getters Ark's index exports.
  return /__exportAll\(/.test(readFileSync(file, 'utf8')) ? file.replace(/\\/g, '/') : undefined;
}

export function chakraTreeShaking(): Plugin {
  let namespaces = 0;
  let components = 0;
  return {
    name: 'hardline-chakra-tree-shaking',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      namespaces = 0;
      components = 0;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (ANATOMY_MODULE.test(file)) return { code: withPureAnatomies(code, file), map: null };
      if (!CHAKRA_COMPONENT_MODULE.test(file)) return null;
      components += 1;
      const ark = arkComponentsBeside(file);
      const out = withArkNamespaces(code, (name) => arkNamespaceModule(ark, name));
      namespaces += out.changed;
      return out.changed > 0 ? { code: out.code, map: null } : null;
    },
    buildEnd(error) {
      if (error === undefined && components > 0 && namespaces === 0) {
        this.error(
          "scripts/build/chakra-tree-shaking.ts: none of Chakra's components imports an Ark namespace this plugin can split. " +
            'Chakra or Ark has changed how they are written: update the pattern, or drop this part of the plugin (each component then carries all its parts again).',
        );
      }
    },
  };
}
