/**
 * Scans a production build for what must never ship:
 *
 * - secrets and live keys: Stripe secret/restricted keys (sk_live_, sk_test_, rk_live_, rk_test_),
 *   Stripe live publishable keys (pk_live_, unless it is the configured one and passed with
 *   --allow), AWS access key ids and secret access keys, PEM private keys;
 * - source maps: any `.map` file, any `sourceMappingURL` comment;
 * - dev-only code: the XState inspectors (Stately's @statelyai/inspect, createBrowserInspector, and
 *   the in-app one of src/dev/inspector, with Mermaid, which draws its statecharts), React's
 *   development build, the Vite dev client and React refresh runtime.
 *
 *   tsx scripts/build/scan-build.ts [dir=dist] [--allow <exact value>]...
 *
 * Prints every finding (file, rule, an excerpt with the secret masked) and exits 1 when there is any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Rule {
  id: string;
  kind: 'secret' | 'source map' | 'dev-only code';
  description: string;
  pattern: RegExp;
}

export interface Finding {
  file: string;
  rule: string;
  kind: Rule['kind'];
  description: string;
  /** The text around the match, with the matched value masked after its first characters. */
  excerpt: string;
}

export interface ScanOptions {
  /** Exact values that are allowed (e.g. the deployment's own publishable live key). */
  allow?: readonly string[];
}

export const RULES: readonly Rule[] = [
  { id: 'stripe-secret-key', kind: 'secret', description: 'Stripe secret key', pattern: /\bsk_(?:live|test)_[0-9A-Za-z]{8,}/g },
  { id: 'stripe-restricted-key', kind: 'secret', description: 'Stripe restricted key', pattern: /\brk_(?:live|test)_[0-9A-Za-z]{8,}/g },
  {
    id: 'stripe-live-publishable-key',
    kind: 'secret',
    description: 'Stripe live publishable key (only test keys in this build)',
    pattern: /\bpk_live_[0-9A-Za-z]{8,}/g,
  },
  { id: 'aws-access-key-id', kind: 'secret', description: 'AWS access key id', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b/g },
  {
    id: 'aws-secret-access-key',
    kind: 'secret',
    description: 'AWS secret access key',
    pattern: /(?:aws_?secret_?access_?key|secret_?access_?key|SecretAccessKey)["'`]?\s*[:=]\s*["'`][A-Za-z0-9/+=]{40}["'`]/gi,
  },
  {
    id: 'private-key',
    kind: 'secret',
    description: 'PEM private key',
    pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY( BLOCK)?-----/g,
  },
  { id: 'source-map-comment', kind: 'source map', description: 'sourceMappingURL comment', pattern: /[#@]\s*sourceMappingURL=/g },
  {
    id: 'xstate-inspector',
    kind: 'dev-only code',
    description: 'XState inspector (@statelyai/inspect, or the in-app dev inspector and Mermaid)',
    // The in-app one: its panel's host id and heading (src/dev/inspector); Mermaid: its name and
    // the diagram type the inspector draws.
    pattern: /@statelyai\/inspect|createBrowserInspector|hardline-dev-inspector|Statechart inspector|\bmermaid\b|stateDiagram-v2/g,
  },
  {
    id: 'react-development-build',
    kind: 'dev-only code',
    description: 'React development build',
    pattern: /\bjsxDEV\b|react(?:-dom)?\.development|Each child in a list should have a unique/g,
  },
  {
    id: 'vite-dev-client',
    kind: 'dev-only code',
    description: 'Vite dev client / React refresh runtime',
    pattern: /\/@vite\/client|\/@react-refresh|__vite_plugin_react_preamble_installed__/g,
  },
];

/** Files read as text; anything else (images, fonts) is only checked by name. */
const TEXT_FILE = /\.(?:m?js|cjs|css|html?|json|txt|svg|webmanifest|xml|map)$/i;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function mask(value: string): string {
  return value.length <= 12 ? value : `${value.slice(0, 12)}…(${value.length - 12} more characters)`;
}

/** Scans one file's text; `file` names it in the findings. */
export function scanText(file: string, text: string, options: ScanOptions = {}): Finding[] {
  const allow = new Set(options.allow ?? []);
  const findings: Finding[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      if (allow.has(match[0])) continue;
      const start = Math.max(0, match.index - 30);
      const before = text.slice(start, match.index).replace(/\s+/g, ' ');
      findings.push({
        file,
        rule: rule.id,
        kind: rule.kind,
        description: rule.description,
        excerpt: `${before}${rule.kind === 'secret' ? mask(match[0]) : match[0]}`,
      });
    }
  }
  return findings;
}

/** Scans every file of a build directory. */
export function scanBuild(dir: string, options: ScanOptions = {}): Finding[] {
  const root = resolve(dir);
  if (!statSync(root).isDirectory()) throw new Error(`${root} is not a directory`);
  const findings: Finding[] = [];
  for (const path of filesUnder(root)) {
    const file = relative(root, path);
    if (/\.map$/i.test(path)) {
      findings.push({ file, rule: 'source-map-file', kind: 'source map', description: 'source map file', excerpt: file });
    }
    if (TEXT_FILE.test(path)) findings.push(...scanText(file, readFileSync(path, 'utf8'), options));
  }
  return findings;
}

export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `  ${f.file}: ${f.description} [${f.rule}]\n      …${f.excerpt}`).join('\n');
}

function main(argv: string[]): number {
  const allow: string[] = [];
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--allow') {
      const value = argv[i + 1];
      if (value === undefined) throw new Error('--allow needs a value');
      allow.push(value);
      i += 1;
    } else positional.push(arg);
  }
  const dir = positional[0] ?? 'dist';
  const files = filesUnder(resolve(dir)).length;
  const findings = scanBuild(dir, { allow });
  if (findings.length > 0) {
    console.error(`scan-build: ${findings.length} finding(s) in ${dir}:\n${formatFindings(findings)}`);
    return 1;
  }
  console.log(`scan-build: ${files} files in ${dir}: no secrets, no source maps, no dev-only code.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
