import { createHash } from 'node:crypto';
import path from 'node:path';
import { type OutputBundle, type OutputChunk, rolldown } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import type { ListRecipe } from '../src/boot/listRecipes';

/**
 * Builds src/boot into two classic scripts, each bundled on its own (IIFE, no shared chunks), so the app's
 * chunking is untouched:
 * - boot.js (src/boot/publicBoot.ts), in index.html in place of the entry's module script and its modulepreload
 *   links: starts config.json, the chunks (modulepreload) and the entry (see src/boot/boot.ts);
 * - the admin's boot (src/boot/adminBoot.ts), the same with the first paint, inline in admin.html: /login never
 *   downloads the first paint.
 * admin.html is index.html with modulepreload links for the entry and the admin chunks, then that boot: the server
 * sends it for the admin's pages (server/webApp.ts), so the browser asks for the chunks while it parses the page's
 * head instead of once the boot script has arrived and run (one round trip later). The boot is inline (the server's
 * CSP allows it by its hash, nothing else inline): as a file it was one more request beside the chunks, and the
 * browser compiled it on the background thread the chunks' compilation needs (the app's first row
 * 76-125 ms sooner in three rounds of alternating cold loads, the first paint no later).
 */
export function bootPlugin(options: {
  adminModule: string;
  publicPaths: readonly string[];
  /** The lists with a first paint, by path (src/boot/listRecipes.ts). */
  listRecipes: Record<string, ListRecipe>;
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lg-boot',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_output, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const adminFiles = adminChunkUrls(bundle as unknown as OutputBundle, options.adminModule);
      if (adminFiles.length === 0) this.error(`bootPlugin: no chunk for ${options.adminModule}`);
      const env = { 'import.meta.env': JSON.stringify(config.env) };
      const text = String(html.source);
      const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(text);
      if (!entryTag) this.error('bootPlugin: index.html has no module script');
      const entryPreloads = [...text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
      const bootValues = {
        entryFile: entryTag[1],
        entryFiles: entryPreloads.map((match) => match[1]),
        adminFiles,
        listRecipes: options.listRecipes,
        publicPaths: options.publicPaths,
      };
      const define = { ...env, __LG_BOOT__: JSON.stringify(bootValues) };
      const emitScript = async (name: string, entry: string) => {
        const source = await bundleScript(config.root, entry, define);
        const fileName = hashedName(name, source);
        this.emitFile({ type: 'asset', fileName, source });
        return `<script src="/${fileName}"></script>`;
      };
      const bootTag = await emitScript('boot', 'src/boot/publicBoot.ts');
      const adminBoot = await bundleScript(config.root, 'src/boot/adminBoot.ts', define);
      // The HTML parser ends a script at the first `</script`, and `<!--` changes how it reads what follows.
      if (/<\/script|<!--/i.test(adminBoot)) this.error('bootPlugin: the admin boot cannot be inlined as it is');
      // The boot script starts the entry itself, when the first paint allows.
      let source = text.replace(entryTag[0], `${bootTag}\n    `);
      for (const match of entryPreloads) source = source.replace(match[0], '');
      html.source = source;
      // Before the boot, so the browser asks for them before it runs it; the largest chunk first, as it takes
      // longest to download and parse. Six connections: the smallest wait.
      const sizes = new Map(Object.values(bundle).map((item) => [`/${item.fileName}`, sizeOf(item)]));
      const adminPreloads = [...new Set([bootValues.entryFile, ...bootValues.entryFiles, ...adminFiles])]
        .sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0))
        .map((href) => `\n    <link rel="modulepreload" crossorigin href="${href}">`)
        .join('');
      this.emitFile({
        type: 'asset',
        fileName: 'admin.html',
        source: source.replace(bootTag, `${adminPreloads.trimStart()}\n    <script>${adminBoot}</script>`),
      });
    },
  };
}

function sizeOf(item: OutputBundle[string]): number {
  return item.type === 'chunk' ? item.code.length : String(item.source).length;
}

function hashedName(name: string, source: string): string {
  return `assets/${name}-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
}

async function bundleScript(root: string, entry: string, define: Record<string, string>): Promise<string> {
  const build = await rolldown({
    input: path.resolve(root, entry),
    platform: 'browser',
    transform: { define, target: 'es2022' },
    logLevel: 'warn',
  });
  try {
    const { output } = await build.generate({ format: 'iife', minify: true });
    return output[0].code;
  } finally {
    await build.close();
  }
}

/** The admin chunk and every chunk it imports statically, as absolute URLs. */
function adminChunkUrls(bundle: OutputBundle, adminModule: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const admin = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(adminModule));
  if (!admin) return [];
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(admin.fileName);
  return [...seen].map((fileName) => `/${fileName}`);
}
