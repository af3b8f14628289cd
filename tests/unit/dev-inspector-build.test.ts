// @vitest-environment node
/**
 * The production-build checks know the in-app dev inspector and Mermaid: the rule of
 * scripts/build/scan-build.ts and FORBIDDEN_IN_PRODUCTION of scripts/build/bundle-size.ts match the
 * inspector's own source and Mermaid's minified bundle, so either one reaching dist/ is reported.
 * (tests/unit/security/scan-build.test.ts and tests/unit/bundle-size.test.ts check that a fresh
 * build has none of it.)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_IN_PRODUCTION } from '../../scripts/build/bundle-size';
import { scanText } from '../../scripts/build/scan-build';

const ROOT = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');

const samples: Array<[what: string, text: string]> = [
  ['the inspector entry (src/dev/inspector/index.tsx)', read('src/dev/inspector/index.tsx')],
  ['the inspector panel (src/dev/inspector/InspectorPanel.tsx)', read('src/dev/inspector/InspectorPanel.tsx')],
  ["Mermaid's minified bundle", read('node_modules/mermaid/dist/mermaid.esm.min.mjs')],
];

describe('the production-build checks', () => {
  it.each(samples)('scan-build reports %s as dev-only code', (_what, text) => {
    expect(scanText('chunk.js', text).map((f) => f.rule)).toContain('xstate-inspector');
  });

  it.each(samples)('bundle-size forbids %s', (_what, text) => {
    expect(FORBIDDEN_IN_PRODUCTION.some((rule) => rule.pattern.test(text))).toBe(true);
  });

  it('names the inspector and Mermaid separately in the bundle report', () => {
    const [entry, panel, mermaid] = samples.map(([, text]) =>
      FORBIDDEN_IN_PRODUCTION.filter((r) => r.pattern.test(text)).map((r) => r.what),
    );
    expect(entry).toContain('the in-app dev inspector (src/dev/inspector)');
    expect(panel).toContain('the in-app dev inspector (src/dev/inspector)');
    expect(mermaid).toContain("Mermaid (the dev inspector's statecharts)");
  });
});
