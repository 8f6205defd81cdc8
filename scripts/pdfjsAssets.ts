import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The data files pdf.js reads besides its code: CMaps for CJK text and the standard 14 fonts. */
const DATA_DIRS = ['cmaps', 'standard_fonts'] as const;

/** Where they are served: under assets/, by pdf.js version (so they can be cached for good, like hashed files). */
export function pdfjsAssetsBase(version: string): string {
  return `assets/pdfjs-${version}/`;
}

/**
 * Ships pdf.js's CMaps and standard fonts with the app, served from our origin (no CDN): a Chinese invoice
 * whose font is not embedded (STSong-Light with UniGB-UCS2-H, common in e-invoices) shows its text only with
 * the CMaps. Build: copied into dist/assets/pdfjs-<version>/; dev: served from node_modules.
 * src/components/pdfDocument.ts points pdf.js at the same path.
 */
export function pdfjsAssets(): Plugin {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const base = pdfjsAssetsBase(version);
  return {
    name: 'lg-pdfjs-assets',
    generateBundle() {
      for (const dir of DATA_DIRS) {
        for (const name of readdirSync(path.join(packageDir, dir))) {
          this.emitFile({
            type: 'asset',
            fileName: `${base}${dir}/${name}`,
            source: readFileSync(path.join(packageDir, dir, name)),
          });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use(`/${base}`, (request, response, next) => {
        const [dir, name, ...rest] = (request.url ?? '').split('?')[0].replace(/^\//, '').split('/');
        const file = path.join(packageDir, dir ?? '', name ?? '');
        if (rest.length > 0 || !DATA_DIRS.includes(dir as never) || !name || !existsSync(file)) return next();
        createReadStream(file).pipe(response);
      });
    },
  };
}
