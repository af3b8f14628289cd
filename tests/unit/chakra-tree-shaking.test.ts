/**
 * scripts/build/chakra-tree-shaking.ts: the build marks the module-level calls that build Chakra's,
 * Ark's and Zag's anatomies as pure, and imports Ark's component namespaces part by part in Chakra's
 * components, so the bundler drops what no screen uses. Checked against the installed packages:
 * every module the patterns name is transformed without error, and the transformed modules export
 * what Chakra's own do. (That the unused parts leave the build is checked on the production build
 * in bundle-size.test.ts.)
 */
// @vitest-environment node
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ANATOMY_MODULE,
  arkComponentsBeside,
  arkNamespaceModule,
  chakraTreeShaking,
  withArkNamespaces,
  withPureAnatomies,
} from '../../scripts/build/chakra-tree-shaking';

const NODE_MODULES = join(process.cwd(), 'node_modules');
const CHAKRA_ANATOMY = join(NODE_MODULES, '@chakra-ui/react/dist/esm/anatomy.js');
/** The transformed module, beside Chakra's (its imports resolve as the original's do). */
const PURE_COPY = CHAKRA_ANATOMY.replace(/anatomy\.js$/, `anatomy.pure-test-${process.pid}.js`);
const CHAKRA_COMPONENTS = join(NODE_MODULES, '@chakra-ui/react/dist/esm/components');
const CHAKRA_FIELD = join(CHAKRA_COMPONENTS, 'field/field.js');
const FIELD_COPY = CHAKRA_FIELD.replace(/field\.js$/, `field.namespace-test-${process.pid}.js`);

afterAll(() => {
  rmSync(PURE_COPY, { force: true });
  rmSync(FIELD_COPY, { force: true });
});

/** Chakra's component module `file`, its Ark namespaces split as the build does. */
const split = (file: string) => {
  const ark = arkComponentsBeside(file);
  return withArkNamespaces(readFileSync(file, 'utf8'), (name) => arkNamespaceModule(ark, name));
};

/** Every installed module the plugin transforms. */
function anatomyModules(): string[] {
  const ark = join(NODE_MODULES, '@ark-ui/react/dist/components');
  const zag = join(NODE_MODULES, '@zag-js');
  return [
    CHAKRA_ANATOMY,
    ...readdirSync(ark, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap(({ name }) => readdirSync(join(ark, name)).map((file) => join(ark, name, file))),
    ...readdirSync(zag).flatMap((name) => {
      try {
        return readdirSync(join(zag, name, 'dist')).map((file) => join(zag, name, 'dist', file));
      } catch {
        return [];
      }
    }),
  ].filter((file) => ANATOMY_MODULE.test(file));
}

const marks = (code: string): number => code.split('/* @__PURE__ */').length - 1;

describe('anatomies marked pure', () => {
  it("transforms every installed anatomy module, marking Chakra's and each of Zag's", () => {
    const files = anatomyModules();
    const zag = files.filter((file) => file.includes('@zag-js'));
    expect(zag.length).toBeGreaterThan(20);
    expect(files.some((file) => file.includes('@ark-ui'))).toBe(true);
    for (const file of files) {
      const out = withPureAnatomies(readFileSync(file, 'utf8'), file);
      if (!file.includes('@ark-ui')) expect(marks(out), file).toBeGreaterThan(0);
    }
    const chakra = withPureAnatomies(readFileSync(CHAKRA_ANATOMY, 'utf8'), CHAKRA_ANATOMY);
    expect(chakra).toContain('const dialogAnatomy = /* @__PURE__ */ dialogAnatomy$1.extendWith(');
    expect(chakra).toContain('const cardAnatomy = /* @__PURE__ */ createAnatomy("card")');
    // An alias is not a call: nothing to mark.
    expect(chakra).toContain('const listboxAnatomy = listboxAnatomy$1;');
  });

  it("leaves Chakra's anatomies as they were: the same exports, the same parts", async () => {
    writeFileSync(PURE_COPY, withPureAnatomies(readFileSync(CHAKRA_ANATOMY, 'utf8'), CHAKRA_ANATOMY));
    const pure = (await import(pathToFileURL(PURE_COPY).href)) as Record<string, { keys(): string[] }>;
    const original = (await import(pathToFileURL(CHAKRA_ANATOMY).href)) as Record<string, { keys(): string[] }>;
    expect(Object.keys(pure).sort()).toEqual(Object.keys(original).sort());
    for (const [name, anatomy] of Object.entries(original)) expect(pure[name]?.keys(), name).toEqual(anatomy.keys());
  });

  it("stops the build when Chakra's or Zag's module no longer has a call to mark, not when Ark's only re-exports", () => {
    const reexport = 'import { anatomy } from "@zag-js/dialog";\nexport { anatomy as dialogAnatomy };\n';
    expect(() => withPureAnatomies(reexport, '/x/node_modules/@zag-js/dialog/dist/dialog.anatomy.mjs')).toThrow(
      /no module-level anatomy call/,
    );
    expect(() => withPureAnatomies(reexport, CHAKRA_ANATOMY)).toThrow(/no module-level anatomy call/);
    expect(withPureAnatomies(reexport, '/x/node_modules/@ark-ui/react/dist/components/dialog/dialog.anatomy.js')).toBe(reexport);
  });

  it("imports Ark's namespaces part by part in Chakra's components", () => {
    const field = split(CHAKRA_FIELD);
    expect(field.changed).toBe(1);
    expect(field.code).toContain(
      `import * as Field from ${JSON.stringify(join(NODE_MODULES, '@ark-ui/react/dist/components/field/field.js'))};`,
    );
    expect(field.code).toContain("import { useFieldContext } from '@ark-ui/react/field';");
    expect(field.code).not.toContain("import { Field, useFieldContext } from '@ark-ui/react/field';");
    let changed = 0;
    for (const entry of readdirSync(CHAKRA_COMPONENTS, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      for (const file of readdirSync(join(CHAKRA_COMPONENTS, entry.name)).filter((name) => name.endsWith('.js')))
        changed += split(join(CHAKRA_COMPONENTS, entry.name, file)).changed;
    }
    expect(changed, "Chakra's components that import an Ark namespace").toBeGreaterThan(30);
  });

  it('leaves a namespace whole where the file uses it alone, and an import Ark has no parts module for', () => {
    const source = [
      "import { Dialog, useDialogContext } from '@ark-ui/react/dialog';",
      "import { Menu } from '@ark-ui/react/menu';",
      "import { Portal } from '@ark-ui/react/portal';",
      'const Root = Dialog.Root;',
      'const parts = { ...Menu, other: x.Dialog };',
      'export { Root, parts, Portal, useDialogContext };',
    ].join('\n');
    const out = withArkNamespaces(source, (name) => (name === 'portal' ? undefined : `/ark/${name}/${name}.js`));
    expect(out.changed).toBe(1);
    expect(out.code).toContain(
      'import * as Dialog from "/ark/dialog/dialog.js";\nimport { useDialogContext } from \'@ark-ui/react/dialog\';',
    );
    expect(out.code).toContain("import { Menu } from '@ark-ui/react/menu';");
    expect(out.code).toContain("import { Portal } from '@ark-ui/react/portal';");
  });

  it("leaves Chakra's Field as it was: the same exports", async () => {
    writeFileSync(FIELD_COPY, split(CHAKRA_FIELD).code);
    const parts = (await import(pathToFileURL(FIELD_COPY).href)) as Record<string, unknown>;
    const original = (await import(pathToFileURL(CHAKRA_FIELD).href)) as Record<string, unknown>;
    expect(Object.keys(parts).sort()).toEqual(Object.keys(original).sort());
    for (const [name, value] of Object.entries(original)) expect(typeof parts[name], name).toBe(typeof value);
    expect(Object.keys(parts).length).toBeGreaterThan(5);
  });

  it('transforms those modules only, and only in a build', () => {
    const plugin = chakraTreeShaking();
    expect(plugin.apply).toBe('build');
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform('const x = f();\n', '/x/src/views/App.tsx')).toBeNull();
    expect(transform('var parts = anatomy.build();\n', '/x/node_modules/@zag-js/menu/dist/menu.anatomy.mjs?v=1')?.code).toBe(
      'var parts = /* @__PURE__ */ anatomy.build();\n',
    );
  });
});
