import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { downloadUrl, fileIdOfUrl } from '../files/downloadUrls';

/**
 * Help articles are Markdown; what a browser ever receives is the HTML rendered here (marked) and then
 * sanitised (sanitize-html) with an allow-list: Markdown's own elements only, links to http(s) and mailto,
 * no scripts, event handlers, styles, frames or forms. Raw HTML inside the Markdown passes the same filter.
 *
 * Images must be files of this server (the upload, '/api-v1/dl?file=<id>&rn=<name>'): an <img> cannot send the
 * bearer token, so the HTML carries the file's URL in `data-src` and the page asks a signed URL for it
 * (src/help/ArticleBody.tsx). Any other image is dropped.
 */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

function imageOf(src: string | undefined): string | null {
  if (!src) return null;
  const id = fileIdOfUrl(src);
  if (id === null) return null;
  const name = new URL(src, 'http://localhost').searchParams.get('rn') ?? '';
  return downloadUrl(id, name || `image-${id}`);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['alt', 'title', 'data-src'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => {
      const image = imageOf(attribs.src);
      const kept: Record<string, string> = image ? { 'data-src': image } : {};
      if (attribs.alt) kept.alt = attribs.alt;
      if (attribs.title) kept.title = attribs.title;
      return { tagName, attribs: kept };
    },
  },
  // An image that is not one of our files is left out entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['data-src'],
};

/** The sanitised HTML of a Markdown text. */
export function renderHelpMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html, OPTIONS);
}

/** The upload ids of the images the rendered HTML shows. */
export function imageFileIds(html: string): number[] {
  const ids = [...html.matchAll(/data-src="\/api-v1\/dl\?file=(\d+)/g)].map((match) => Number(match[1]));
  return [...new Set(ids)];
}

/** The text the search matches: the title and the body without Markdown's punctuation, in lower case. */
export function searchTextOf(title: string, markdown: string): string {
  const plain = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ');
  return `${title}\n${plain}`.toLowerCase();
}
