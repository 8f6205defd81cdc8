import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type PDFPageProxy,
  version,
} from 'pdfjs-dist';
// The worker is one of our own built assets, served from our origin like the app's scripts (no CDN, no blob:);
// the CSP allows it with worker-src 'self'.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js's CMaps and standard fonts, shipped with the app by scripts/pdfjsAssets.ts (same path). */
const dataBase = () => new URL(`${import.meta.env.BASE_URL}assets/pdfjs-${version}/`, window.location.href).href;

class FileUnavailable extends Error {}

/**
 * Reads the file through the signed URL the download uses (the same scope check, no other route) and opens it
 * with pdf.js under our CSP: no eval (isEvalSupported: false) and no WebAssembly (useWasm: false, which
 * would need 'wasm-unsafe-eval'); pdf.js then uses its JavaScript decoders.
 */
export async function loadPdf(
  src: string,
  signal: AbortSignal,
  onTask: (task: PDFDocumentLoadingTask) => void,
): Promise<PDFDocumentProxy> {
  let data: Uint8Array;
  try {
    const response = await fetch(src, { signal });
    if (!response.ok) throw new FileUnavailable(String(response.status));
    data = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw signal.aborted ? error : new FileUnavailable(String(error));
  }
  const task = getDocument({
    data,
    isEvalSupported: false,
    useWasm: false,
    enableXfa: false,
    cMapUrl: `${dataBase()}cmaps/`,
    standardFontDataUrl: `${dataBase()}standard_fonts/`,
  });
  onTask(task);
  return task.promise;
}

/** What the person is told instead of the page, in Chinese; 下载 is always beside it. */
export function pdfErrorMessage(error: unknown): string {
  if (error instanceof FileUnavailable) return '文件加载失败，请稍后重试，或点「下载」保存到本地查看。';
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return '该 PDF 设有打开密码，无法预览，请点「下载」后用 PDF 阅读器打开。';
  return '无法预览：文件已损坏或不是有效的 PDF。可点「下载」保存后用其他软件打开。';
}

/** Canvases larger than this many pixels are drawn at a lower density rather than fail in the browser. */
const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * Draws one page on the canvas at `scale` (1 = the page's printed size on screen), sharp on high-density
 * screens. `done` says true when drawn, false when cancelled (a newer page or zoom replaced it).
 */
export function renderPage(
  page: PDFPageProxy,
  canvas: HTMLCanvasElement,
  scale: number,
): { done: Promise<boolean>; cancel: () => void } {
  const viewport = page.getViewport({ scale: (scale * 96) / 72 });
  let density = window.devicePixelRatio || 1;
  density = Math.min(density, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
  canvas.width = Math.floor(viewport.width * density);
  canvas.height = Math.floor(viewport.height * density);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  const task = page.render({
    canvas,
    viewport,
    transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0],
  });
  const done = task.promise.then(
    () => true,
    (error: unknown) => {
      if (error instanceof Error && error.name === 'RenderingCancelledException') return false;
      throw error;
    },
  );
  return { done, cancel: () => task.cancel() };
}
