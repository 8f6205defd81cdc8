import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { signedUrl } from '../components/useSignedUrl';

/**
 * A help article's body: HTML the server rendered from Markdown and sanitised (server/system/helpMarkdown.ts),
 * so it is shown as it comes. Its images carry the file's URL in data-src; an <img> cannot send the bearer
 * token, so each is given a short-lived signed URL here.
 */
export function ArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the images are new whenever the HTML is.
  useEffect(() => {
    let alive = true;
    for (const image of ref.current?.querySelectorAll<HTMLImageElement>('img[data-src]') ?? []) {
      const source = image.getAttribute('data-src');
      if (!source) continue;
      signedUrl(source).then(
        (url) => {
          if (alive) image.src = url;
        },
        () => undefined,
      );
    }
    return () => {
      alive = false;
    };
  }, [html]);
  return (
    <Box
      ref={ref}
      className="help-article"
      sx={{
        lineHeight: 1.8,
        '& img': { maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 },
        '& table': { borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1 },
        '& pre': { bgcolor: 'action.hover', p: 1, overflowX: 'auto' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize-html allow-list).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
