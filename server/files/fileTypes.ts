import { IMAGE_MAX_BYTES, MSG } from '../../src/domain/validation';

/**
 * What an upload may be (DESIGN §4): the name's extension must be allowed AND the first bytes must be that
 * kind of file. The type we store and serve comes from the content, never from the browser's Content-Type.
 */
export type UploadKind = 'image' | 'annex';

export const UPLOAD_MAX_BYTES = IMAGE_MAX_BYTES;

export const UPLOAD_MESSAGES: Record<UploadKind, string> = {
  image: MSG.imageUpload,
  annex: '请上传格式为 pdf、doc、docx、xls、xlsx、zip 的文件',
};

type Signature = 'jpeg' | 'png' | 'pdf' | 'ole' | 'zip';

const SIGNATURES: readonly [Signature, readonly number[]][] = [
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['pdf', [0x25, 0x50, 0x44, 0x46]],
  // Compound File Binary: .doc and .xls of Office 97-2003.
  ['ole', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  // A zip's first local file header; .docx and .xlsx are zips too.
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  // An empty zip is only its end-of-central-directory record.
  ['zip', [0x50, 0x4b, 0x05, 0x06]],
];

export function sniff(content: Uint8Array): Signature | null {
  for (const [signature, bytes] of SIGNATURES) {
    if (content.length >= bytes.length && bytes.every((byte, index) => content[index] === byte)) return signature;
  }
  return null;
}

const IMAGE_TYPES: Partial<Record<Signature, { mime: string; extension: string }>> = {
  jpeg: { mime: 'image/jpeg', extension: '.jpg' },
  png: { mime: 'image/png', extension: '.png' },
};

/** Per allowed annex extension: the content it must have and the type it is served with. */
const ANNEX_TYPES: Record<string, { signatures: readonly Signature[]; mime: string }> = {
  pdf: { signatures: ['pdf'], mime: 'application/pdf' },
  doc: { signatures: ['ole'], mime: 'application/msword' },
  xls: { signatures: ['ole'], mime: 'application/vnd.ms-excel' },
  docx: {
    signatures: ['zip'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: { signatures: ['zip'], mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  zip: { signatures: ['zip'], mime: 'application/zip' },
  png: { signatures: ['png'], mime: 'image/png' },
  jpg: { signatures: ['jpeg'], mime: 'image/jpeg' },
  jpeg: { signatures: ['jpeg'], mime: 'image/jpeg' },
};

const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'png']);

/** 'a.PDF' → 'pdf'; '' when the name has no extension. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * A file name as the user sees it: the last path segment (old browsers send a full path), control and
 * reserved characters removed, at most 255 characters; 'file' when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  return [...cleaned].slice(-255).join('') || 'file';
}

export interface AcceptedFile {
  mime: string;
  /** With its dot: the stored name's extension. */
  extension: string;
}

/**
 * Checks an upload of `kind`; answers the type to store it as, or null when it must be refused (the caller
 * answers UPLOAD_MESSAGES[kind]). A .jpg holding a PNG is still an image: it is stored and served as PNG.
 */
export function acceptUpload(kind: UploadKind, name: string, content: Uint8Array): AcceptedFile | null {
  if (content.length === 0 || content.length >= UPLOAD_MAX_BYTES) return null;
  const extension = extensionOf(name);
  const signature = sniff(content);
  if (kind === 'image') {
    const type = signature ? IMAGE_TYPES[signature] : undefined;
    return IMAGE_EXTENSIONS.has(extension) && type ? type : null;
  }
  const allowed = ANNEX_TYPES[extension];
  if (!allowed || !signature || !allowed.signatures.includes(signature)) return null;
  return { mime: allowed.mime, extension: `.${extension}` };
}
