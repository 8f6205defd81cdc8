import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageName = 'index.html' | 'admin.html';
export type PageEncoding = 'br' | 'gzip';

/** A page as sent: its text, the CSP sources of its inline scripts, and its compressed forms (made once). */
export class AppPage {
  /** `'sha256-…'` of each inline script, for the page's script-src (scripts/bootPlugin.ts inlines admin.html's boot). */
  readonly inlineScriptHashes: readonly string[];
  private readonly encoded = new Map<PageEncoding, Buffer>();

  /** `connectSources`: origins besides its own the page calls (config.json's apiBase on another server). */
  constructor(
    readonly html: string,
    readonly connectSources: readonly string[] = [],
  ) {
    this.inlineScriptHashes = inlineScripts(html).map(
      (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
    );
  }

  encodedAs(encoding: PageEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      const text = Buffer.from(this.html, 'utf8');
      body =
        encoding === 'br'
          ? brotliCompressSync(text, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
            })
          : gzipSync(text, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** The text of each `<script>` without a src attribute (the only inline scripts our pages have are the build's). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\ssrc\s*=/i.test(match[1] ?? ''))
    .map((match) => match[2]);
}

/**
 * The app's HTML pages (index.html, admin.html) as sent: with config.json's content in
 * `<meta name="lg-config">` (providers/appConfig.ts), so a cold start need not ask for config.json before it
 * can ask for anything else. Without a config.json the meta says so (content "null"); a config.json that is not
 * JSON gets no meta, and the page asks for it as a plain static deployment does.
 *
 * Files are read again when their modification time changes: an operator may edit config.json on a running
 * server, as on a static one.
 */
export class AppPages {
  private readonly cache = new Map<string, { stamp: string; page: AppPage }>();

  constructor(private readonly webRoot: string) {}

  page(name: PageName): AppPage {
    const pageFile = path.join(this.webRoot, name);
    const configFile = path.join(this.webRoot, 'config.json');
    const stamp = `${modified(pageFile)}|${modified(configFile)}`;
    const cached = this.cache.get(name);
    if (cached?.stamp === stamp) return cached.page;
    const config = readConfig(configFile);
    const apiOrigin = apiOriginOf(config);
    const page = new AppPage(withConfigMeta(readFileSync(pageFile, 'utf8'), config), apiOrigin ? [apiOrigin] : []);
    this.cache.set(name, { stamp, page });
    return page;
  }
}

function modified(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/** config.json's content; null when there is none; undefined when it is not JSON (the page then asks itself). */
function readConfig(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The origin of config.json's apiBase when it is an absolute http(s) address (a cross-origin deployment: the API
 * answers this page's origin through CORS_ORIGINS), so the page's CSP lets it connect there; null otherwise.
 */
export function apiOriginOf(config: unknown): string | null {
  const base = (config as { apiBase?: unknown } | null)?.apiBase;
  if (typeof base !== 'string') return null;
  try {
    // Host names as URL spells them (IDN as punycode): nothing that could end the CSP source and start a directive.
    const origin = new URL(base).origin;
    return /^https?:\/\/[a-z0-9.-]+(:\d+)?$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Puts the meta first in the head: the boot script, further down the head, runs as soon as it is parsed. */
export function withConfigMeta(html: string, config: unknown): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (config === undefined || !head) return html;
  const at = head.index + head[0].length;
  const content = JSON.stringify(config).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);
  return `${html.slice(0, at)}\n    <meta name="lg-config" content="${content}" />${html.slice(at)}`;
}
