/**
 * The served build behaves like a production CDN (docs/HOSTING.md), in `vite preview` (the local
 * stack and the browser tests serve the build with it):
 *
 * - Hashed assets (`/assets/*`, their names change with their content) are sent with
 *   `Cache-Control: public, max-age=31536000, immutable`: a returning visitor never asks again.
 * - HTML and every other path keep `no-cache` (Vite's own answer): a new deploy is seen at once.
 * - Assets are compressed once at build time, brotli (quality 11) and gzip (level 9), next to
 *   the file (`x.js.br`, `x.js.gz`), and sent as the browser accepts them, with
 *   `Vary: Accept-Encoding`. HTML stays compressed on the fly by Vite's preview server.
 *
 * docs/HOSTING.md says the same for a real web server.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What is worth compressing (text), by extension, with the type it is sent as. */
const TEXT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Smaller files gain nothing worth a second request header's bytes. */
const MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** The encodings a request accepts, best first (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

/** Writes `x.br` and `x.gz` beside every compressible asset of `assetsDir`. */
export async function precompressAssets(assetsDir: string): Promise<number> {
  if (!existsSync(assetsDir)) return 0;
  let written = 0;
  for (const name of await readdir(assetsDir)) {
    if (!(extname(name) in TEXT_TYPES)) continue;
    const file = join(assetsDir, name);
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
    written += 1;
  }
  return written;
}

/** The asset file a request path names, inside `assetsDir`, or null. */
function assetFile(assetsDir: string, path: string): string | null {
  const name = decodeURIComponent(path.slice('/assets/'.length));
  if (name === '' || name.includes('/') || name.includes('\\')) return null;
  const file = normalize(join(assetsDir, name));
  return file.startsWith(assetsDir + sep) ? file : null;
}

export function cdnBehaviour(extraHeaders: Record<string, string> = {}): Plugin {
  let assetsDir = '';
  return {
    name: 'hardline-cdn',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async writeBundle() {
      await precompressAssets(assetsDir);
    },
    configurePreviewServer(server) {
      // Runs before Vite's compression and static files (added here, not returned as a post hook).
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith('/assets/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        const file = assetFile(assetsDir, path);
        // Only a file that is there is cached for a year (a missing one falls through to a 404).
        if (!file || !existsSync(file)) return next();
        // Vite's static files answer `no-cache` for everything: a hashed asset keeps ours.
        const setHeader = res.setHeader.bind(res);
        res.setHeader = (name, value) => (name.toLowerCase() === 'cache-control' ? res : setHeader(name, value));
        setHeader('Cache-Control', IMMUTABLE);
        const type = TEXT_TYPES[extname(path)];
        const encoding = acceptedEncodings(req.headers['accept-encoding']).find((e) => existsSync(`${file}.${e === 'br' ? 'br' : 'gz'}`));
        if (!type || !encoding) return next();
        const encoded = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
        for (const [name, value] of Object.entries(extraHeaders)) setHeader(name, value);
        setHeader('Content-Type', type);
        setHeader('Content-Encoding', encoding);
        setHeader('Vary', 'Accept-Encoding');
        setHeader('Content-Length', String(statSync(encoded).size));
        res.statusCode = 200;
        if (req.method === 'HEAD') return res.end();
        createReadStream(encoded).pipe(res);
      });
    },
  };
}
