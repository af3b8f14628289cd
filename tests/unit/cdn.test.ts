// @vitest-environment node
/**
 * scripts/build/cdn.ts: which encodings a request accepts, and the files written beside each asset.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptedEncodings, precompressAssets } from '../../scripts/build/cdn';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('CDN behaviour of the served build', () => {
  it('reads Accept-Encoding: brotli first, q=0 refuses, * accepts', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it('writes brotli and gzip beside text assets worth compressing, and leaves the rest', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cdn-'));
    const big = 'export const x = "hardline";\n'.repeat(200);
    writeFileSync(join(dir, 'index-abc.js'), big);
    writeFileSync(join(dir, 'tiny-abc.js'), 'export {};');
    writeFileSync(join(dir, 'logo-abc.png'), Buffer.alloc(4096));
    expect(await precompressAssets(dir)).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index-abc.js.br'))).toString()).toBe(big);
    expect(gunzipSync(readFileSync(join(dir, 'index-abc.js.gz'))).toString()).toBe(big);
    expect(existsSync(join(dir, 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo-abc.png.br'))).toBe(false);
  });
});
