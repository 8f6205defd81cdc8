import { createHash } from 'node:crypto';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Cold start of an admin route: without help the browser downloads the entry, runs it, and only then learns
 * that it needs the admin chunk and its ~40 dependencies, and fetches config.json behind them. This plugin
 * writes a tiny classic script (external: the CSP allows no inline script) that runs before the entry and,
 * unless the page is a public one (which must not download the admin), starts config.json first and
 * modulepreloads the admin chunks in parallel with the entry. providers/appConfig.ts picks up the early
 * config.json answer.
 */
export function bootPreloadPlugin(options: { adminModule: string; publicPaths: readonly string[] }): Plugin {
  return {
    name: 'lg-boot-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const files = adminFiles(bundle as unknown as OutputBundle, options.adminModule);
      if (files.length === 0) this.error(`bootPreloadPlugin: no chunk for ${options.adminModule}`);
      const source = bootScript(files, options.publicPaths);
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const text = String(html.source);
      const at = text.indexOf('<script type="module"');
      if (at < 0) this.error('bootPreloadPlugin: index.html has no module script');
      html.source = `${text.slice(0, at)}<script src="/${fileName}"></script>\n    ${text.slice(at)}`;
    },
  };
}

/** The admin chunk and every chunk it imports statically, as absolute URLs. */
function adminFiles(bundle: OutputBundle, adminModule: string): string[] {
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

function bootScript(files: readonly string[], publicPaths: readonly string[]): string {
  return `(function () {
  var path = location.pathname;
  if (path === '/' || ${JSON.stringify(publicPaths)}.indexOf(path) >= 0) return;
  window.__lgConfig = fetch('/config.json', { cache: 'no-cache' });
  ${JSON.stringify(files)}.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  });
})();
`;
}
