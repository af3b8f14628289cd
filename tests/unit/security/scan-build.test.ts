// @vitest-environment node
/**
 * The production build carries no secret or live key, no source map and no dev-only code
 * (scripts/build/scan-build.ts). The first block checks each rule on planted text, so a rule that could
 * never fire is caught; the second scans a fresh production build (the run's one, shared with the
 * bundle budgets: tests/support/production-build.ts).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RULES, scanBuild, scanText } from '../../../scripts/build/scan-build';
import { productionBuild } from '../../support/production-build';

/** Built from pieces so this file itself never holds a key-shaped string. */
const fake = (prefix: string, body: string) => `${prefix}${body}`;

describe('scan-build rules', () => {
  const planted: Array<[rule: string, text: string]> = [
    ['stripe-secret-key', `const k = "${fake('sk_live_', '51HxYzAbCdEfGhIj')}";`],
    ['stripe-secret-key', `key:"${fake('sk_test_', '4eC39HqLyjWDarjt')}"`],
    ['stripe-restricted-key', `"${fake('rk_live_', '51HxYzAbCdEfGhIj')}"`],
    ['stripe-live-publishable-key', `loadStripe("${fake('pk_live_', '51HxYzAbCdEfGhIj')}")`],
    ['aws-access-key-id', `accessKeyId:"${fake('AKIA', 'IOSFODNN7EXAMPLE')}"`],
    ['aws-secret-access-key', `secretAccessKey: "${fake('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}"`],
    ['private-key', `"${fake('-----BEGIN ', 'PRIVATE KEY-----')}\\nMIIE..."`],
    ['private-key', `${fake('-----BEGIN RSA ', 'PRIVATE KEY-----')}`],
    ['source-map-comment', `console.log(1);\n//${'#'} ${'sourceMappingURL'}=index.js.map`],
    ['xstate-inspector', `import("${'@statelyai'}/inspect")`],
    ['xstate-inspector', `const { ${'createBrowser'}Inspector } = m;`],
    ['react-development-build', `exports.${'jsx'}DEV = jsxDEV;`],
    ['react-development-build', `"Each child in a list should have a unique \\"key\\" prop."`],
    ['vite-dev-client', `import "/@vite${'/client'}";`],
    ['vite-dev-client', `import RefreshRuntime from "/@react${'-refresh'}";`],
  ];

  it.each(planted)('%s is found in planted text', (rule, text) => {
    const findings = scanText('planted.js', text);
    expect(findings.map((f) => f.rule)).toContain(rule);
  });

  it('covers every rule with a planted case', () => {
    expect(new Set(planted.map(([rule]) => rule))).toEqual(new Set(RULES.map((r) => r.id)));
  });

  it('masks secrets in the report', () => {
    const secret = fake('sk_live_', '51HxYzAbCdEfGhIjKlMnOp');
    const [finding] = scanText('a.js', `x="${secret}"`);
    expect(finding?.excerpt).not.toContain(secret);
  });

  it('leaves alone what only looks related: test publishable keys, key-format checks, allowed values', () => {
    expect(scanText('a.js', `/^pk_(test|live)_\\w+$/.test(k); loadStripe("${fake('pk_test_', '51HxYzAbCdEfGhIj')}")`)).toEqual([]);
    expect(scanText('a.js', 'if (/^sk_/.test(key)) throw new Error("secret key")')).toEqual([]);
    const live = fake('pk_live_', '51HxYzAbCdEfGhIj');
    expect(scanText('a.js', `loadStripe("${live}")`, { allow: [live] })).toEqual([]);
  });
});

describe("the run's production build (tests/support/production-build.ts)", () => {
  let outDir = '';

  beforeAll(async () => {
    ({ outDir } = await productionBuild());
  }, 300_000);

  it('has no secret, no source map and no dev-only code', () => {
    const files = readdirSync(join(outDir, 'assets'));
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(scanBuild(outDir)).toEqual([]);
  });

  it('would report a source map left in the build', () => {
    // On a copy: the build is shared with the bundle budgets.
    const copy = mkdtempSync(join(tmpdir(), 'hardline-scan-build-'));
    try {
      cpSync(outDir, copy, { recursive: true });
      writeFileSync(join(copy, 'assets', 'leftover.js.map'), '{"version":3,"sources":[]}');
      expect(scanBuild(copy).map((f) => f.rule)).toContain('source-map-file');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
