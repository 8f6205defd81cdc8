import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { lazy, type ReactNode, Suspense, useState } from 'react';

// The dialog (and, for a PDF, pdf.js) loads on the first click, so lists carry only this link; if its code
// cannot be fetched the link says so instead of breaking the page.
const FilePreviewDialog = lazy(() =>
  import('./FilePreviewDialog').catch(() => ({
    default: () => (
      <Box component="span" role="alert" sx={{ color: 'error.main', ml: 1 }}>
        预览加载失败，请刷新页面后重试
      </Box>
    ),
  })),
);

export type PreviewKind = 'image' | 'pdf';

/** What the app can show of a stored file (its name is the URL's rn=): images, and PDFs drawn by pdf.js. */
export function previewKind(url: string, isImage: boolean): PreviewKind | null {
  if (isImage) return 'image';
  const name = decodeURIComponent(/[?&]rn=([^&]+)/.exec(url)?.[1] ?? url).toLowerCase();
  if (/\.(png|jpe?g|gif|webp)$/.test(name)) return 'image';
  if (/\.pdf$/.test(name)) return 'pdf';
  return null;
}

/**
 * Opens a stored file in a dialog (images with zoom; PDFs page by page with zoom), so finance sees a voucher
 * before confirming it; 下载 stays in the dialog. Files the browser cannot show are downloaded (DownloadLink).
 */
export function FilePreviewLink({
  url,
  title,
  kind,
  children,
}: {
  url: string;
  title: string;
  kind: PreviewKind;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        component="button"
        type="button"
        onClick={(event: React.MouseEvent) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {open && (
        // Clicks inside the dialog must not reach the row (row click opens the record).
        <Box component="span" onClick={(event) => event.stopPropagation()}>
          <Suspense fallback={null}>
            <FilePreviewDialog url={url} title={title} kind={kind} onClose={() => setOpen(false)} />
          </Suspense>
        </Box>
      )}
    </>
  );
}
