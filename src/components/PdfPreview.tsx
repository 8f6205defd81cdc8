import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { PreviewMessage } from './PreviewMessage';
import { loadPdf, pdfErrorMessage, renderPage } from './pdfDocument';
import { ZoomBar } from './ZoomBar';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; doc: PDFDocumentProxy };

/** Room left around the page when it fits the dialog's width (the content's padding and a scroll bar). */
const FIT_MARGIN = 48;

/**
 * A PDF in the preview dialog, drawn page by page on a canvas by pdf.js (the app's CSP allows no PDF frame):
 * 第 n / N 页 with 上一页 / 下一页, zoom (放大 / 缩小 / 实际大小 / 适合宽度, fitting the width at first), and a
 * Chinese message instead of the page when the file cannot be read; 下载 stays in the dialog around it.
 */
export default function PdfPreview({ src, title }: { src: string; title: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<PDFPageProxy>();
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [boxWidth, setBoxWidth] = useState(0);
  const [drawn, setDrawn] = useState<string>();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const doc = loaded.status === 'ready' ? loaded.doc : undefined;

  useEffect(() => {
    const controller = new AbortController();
    let destroy: (() => Promise<void>) | undefined;
    setLoaded({ status: 'loading' });
    loadPdf(src, controller.signal, (task) => {
      destroy = () => task.destroy();
    }).then(
      (value) => !controller.signal.aborted && setLoaded({ status: 'ready', doc: value }),
      (error) => !controller.signal.aborted && setLoaded({ status: 'error', message: pdfErrorMessage(error) }),
    );
    return () => {
      controller.abort();
      void destroy?.();
    };
  }, [src]);

  useEffect(() => {
    if (!doc) return;
    let alive = true;
    doc.getPage(pageNumber).then(
      (value) => alive && setPage(value),
      (error) => alive && setLoaded({ status: 'error', message: pdfErrorMessage(error) }),
    );
    return () => {
      alive = false;
    };
  }, [doc, pageNumber]);

  useEffect(() => {
    if (!box) return;
    const observer = new ResizeObserver(() => setBoxWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  // The page's own width at 100 % decides the scale that fits the dialog.
  const pageWidth = page ? page.getViewport({ scale: 1 }).width : 0;
  const scale =
    zoom === 'fit' ? (pageWidth && boxWidth ? Math.max(0.1, (boxWidth - FIT_MARGIN) / cssWidth(pageWidth)) : 0) : zoom;

  useEffect(() => {
    if (!page || !canvas.current || !scale) return;
    const key = `${page.pageNumber}@${scale}`;
    const task = renderPage(page, canvas.current, scale);
    task.done.then(
      (finished) => finished && setDrawn(key),
      (error) => setLoaded({ status: 'error', message: pdfErrorMessage(error) }),
    );
    return () => task.cancel();
  }, [page, scale]);

  if (loaded.status === 'loading') return <PreviewMessage>正在加载 PDF…</PreviewMessage>;
  if (loaded.status === 'error') return <PreviewMessage error>{loaded.message}</PreviewMessage>;

  const pages = loaded.doc.numPages;
  const ready = drawn === `${pageNumber}@${scale}`;
  return (
    <>
      <ZoomBar scale={scale || 1} onScale={setZoom}>
        <Button size="small" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          适合宽度
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          startIcon={<NavigateBeforeIcon />}
          disabled={pageNumber <= 1}
          onClick={() => setPageNumber(pageNumber - 1)}
        >
          上一页
        </Button>
        <Typography variant="body2" aria-live="polite" data-testid="pdf-page-of">
          第 {pageNumber} / {pages} 页
        </Typography>
        <Button
          size="small"
          endIcon={<NavigateNextIcon />}
          disabled={pageNumber >= pages}
          onClick={() => setPageNumber(pageNumber + 1)}
        >
          下一页
        </Button>
      </ZoomBar>
      <DialogContent
        ref={setBox}
        dividers
        aria-busy={!ready}
        sx={{ height: '70vh', overflow: 'auto', bgcolor: 'grey.100', p: 2 }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${title} 第 ${pageNumber} 页`}
          style={{ display: 'block', margin: '0 auto', background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,.3)' }}
        />
      </DialogContent>
    </>
  );
}

/** PDF points are 1/72 inch; CSS pixels 1/96. */
function cssWidth(points: number): number {
  return (points * 96) / 72;
}
