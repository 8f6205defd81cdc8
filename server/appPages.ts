import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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
  private readonly cache = new Map<string, { stamp: string; html: string }>();

  constructor(private readonly webRoot: string) {}

  page(name: 'index.html' | 'admin.html'): string {
    const pageFile = path.join(this.webRoot, name);
    const configFile = path.join(this.webRoot, 'config.json');
    const stamp = `${modified(pageFile)}|${modified(configFile)}`;
    const cached = this.cache.get(name);
    if (cached?.stamp === stamp) return cached.html;
    const html = withConfigMeta(readFileSync(pageFile, 'utf8'), readConfig(configFile));
    this.cache.set(name, { stamp, html });
    return html;
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

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Puts the meta first in the head: the boot script, further down the head, runs as soon as it is parsed. */
export function withConfigMeta(html: string, config: unknown): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (config === undefined || !head) return html;
  const at = head.index + head[0].length;
  const content = JSON.stringify(config).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);
  return `${html.slice(0, at)}\n    <meta name="lg-config" content="${content}" />${html.slice(at)}`;
}
