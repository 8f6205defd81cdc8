/**
 * How much work a decoder may do for one user-supplied file, checked before the work starts (docs/security.md,
 * 解码预算). A file's bytes are capped at 10 MB by every upload, but what they decode to is not: a 68-byte PNG can
 * say 20 000 × 20 000 pixels, a 300 KB PDF can hold 6 000 pages, a 10 MB zip can inflate to 10 GB. Each budget is
 * read from what the file says about itself (an image's header, a PDF's objects and streams, a zip's directory and
 * what its entries really inflate to), so a file over budget is refused before anything is decoded.
 *
 * A worker thread's heap cap (`resourceLimits`) bounds only the JavaScript heap; the pixel and inflate buffers the
 * decoders allocate are ArrayBuffers outside it. These budgets are what bound those, and the pool's memory watch
 * (pool.ts) is the backstop for a file that lies in a way no budget reads.
 */
export const DECODE_BUDGETS = {
  image: {
    /**
     * Pixels of a JPEG or PNG: 25 million is a 6000 × 4000 photo, an A4 scan at 600 dpi (35 MP) would not fit but
     * one at 400 dpi (15.5 MP) does, and so does a phone's long screenshot (1080 × 20 000). The watermark decodes a
     * PNG to pixels (4 bytes each, several copies): 25 MP is about 400 MB and 20 s of one core.
     */
    pixels: 25_000_000,
  },
  pdf: {
    /** Pages: the watermark draws on every one; contracts and scanned sets have far fewer. */
    pages: 500,
    /** Indirect objects, counted in the file and inside its object streams (each costs heap when parsed). */
    objects: 200_000,
    /** Bytes the PDF's streams other than images inflate to (content, fonts, object streams: what is parsed). */
    inflatedBytes: 128 * 1024 * 1024,
    /**
     * Bytes its images inflate to, each at most what its width and height allow. No decoder here draws them, but
     * the scan inflates them to catch a content stream that calls itself an image; a scanned PDF of 10 MB holds a
     * few hundred MB.
     */
    imageBytes: 512 * 1024 * 1024,
    /** Filters chained on one stream (real files use one or two; each can multiply the size again). */
    filtersPerStream: 4,
  },
  /** An invoice is a page or two: the OCR reads the first pages of a PDF only, and refuses a longer document. */
  invoicePdfPages: 50,
  archive: {
    /** Entries of a zip stored as an attachment (.zip, .docx, .xlsx): a folder of scans fits. */
    entries: 10_000,
    /** What the entries really inflate to, counted while inflating (headers can lie). */
    inflatedBytes: 256 * 1024 * 1024,
  },
  /** An OFD invoice (a zip of XML): entries and the XML read from it. */
  ofd: { entries: 500, inflatedBytes: 20 * 1024 * 1024 },
} as const;

/** Each decoding job's time, after which its thread is ended whatever it does (pool.ts). */
export const DECODE_TIMEOUT_MS = {
  /** A PNG at the pixel budget takes about 20 s on a loaded core. */
  watermark: 60_000,
  invoice: 15_000,
  inspect: 15_000,
  pageCount: 10_000,
} as const;

/** The decoder threads (pool.ts). */
export const DECODER_THREADS = {
  /** Heap of each thread (maxOldGenerationSizeMb): pdf-lib, pdf.js and exceljs with one document. */
  heapMb: 256,
  /** Threads decoding at once: the machine's two cores, one left for the requests. */
  maxThreads: 2,
  /** Jobs waiting for a thread; past that a request is told to come back later. */
  maxWaiting: 8,
  /** Jobs (running or waiting) of one caller at once. */
  perOwner: 2,
  /**
   * Memory outside the heaps a thread's decode may add (pixel and inflate buffers) before the memory watch ends
   * it: the process may grow by maxThreads × (heapMb + this) while decoding.
   */
  externalMb: 640,
} as const;

const WAN = 10_000;

/** What a refused file is told (1040400); the number in each is its budget. */
export const DECODE_MSG = {
  imagePixels: `图片尺寸过大（超过${DECODE_BUDGETS.image.pixels / WAN}万像素），请缩小后重新上传`,
  imageUnreadable: '图片文件已损坏或不是有效的 JPG、PNG 图片，请重新上传',
  pdfPages: `PDF 页数过多（最多${DECODE_BUDGETS.pdf.pages}页），请拆分后重新上传`,
  invoicePages: `发票 PDF 页数过多（最多${DECODE_BUDGETS.invoicePdfPages}页），请只上传发票页`,
  pdfTooComplex: 'PDF 文件内容过大或结构异常，无法处理，请另存或压缩后重新上传',
  pdfEncrypted: 'PDF 文件已加密，无法处理，请取消密码保护后重新上传',
  archiveTooLarge: `压缩文件解压后过大（超过${DECODE_BUDGETS.archive.inflatedBytes / 1024 / 1024}MB）或文件数过多（超过${DECODE_BUDGETS.archive.entries}个），请检查后重新上传`,
  archiveUnreadable: '压缩文件已损坏，请检查后重新上传',
  ofdTooLarge: 'OFD 发票内容过大或文件数过多，无法识别，请上传 PDF 或 XML 发票',
  tooComplex: '文件内容过大或格式异常，无法处理，请检查后重新上传',
  busy: '正在处理的文件较多，请稍后重试',
  ownerBusy: '您有文件正在处理，请等待完成后再试',
} as const;
