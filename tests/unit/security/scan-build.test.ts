// @vitest-environment node
/**
 * The production build carries no secret or live key, no source map and no dev-only code
 * (scripts/scan-build.ts). The first block checks each rule on planted text, so a rule that could
 * never fire is caught; the second runs a fresh `vite build` and scans what it wrote.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES, scanBuild, scanText } from '../../../scripts/scan-build';

const run = promisify(execFile);

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

describe('a fresh production build', () => {
  let outDir = '';

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'hardline-scan-build-'));
    const root = resolve(__dirname, '../../..');
    await run(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          VITE_API_BASE_URL: 'https://api.hardline.example',
          VITE_COGNITO_USER_POOL_ID: 'us-east-1_ScanBuild1',
          VITE_COGNITO_CLIENT_ID: 'scanbuildclient',
          VITE_STRIPE_PUBLISHABLE_KEY: fake('pk_test_', 'HardlineScanBuild0001'),
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  }, 240_000);

  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('has no secret, no source map and no dev-only code', () => {
    const files = readdirSync(join(outDir, 'assets'));
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(scanBuild(outDir)).toEqual([]);
  });

  it('would report a source map left in the build', () => {
    writeFileSync(join(outDir, 'assets', 'leftover.js.map'), '{"version":3,"sources":[]}');
    expect(scanBuild(outDir).map((f) => f.rule)).toContain('source-map-file');
  });
});
