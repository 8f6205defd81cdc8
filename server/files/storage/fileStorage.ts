import type { Readable } from 'node:stream';

/**
 * Where stored files live (uploads, generated and signed PDFs, 大熊信息下载 zips): the local disk of DATA_DIR
 * (localFileStorage.ts, the default) or an S3-compatible object store shared by every host (s3FileStorage.ts,
 * FILE_STORAGE=s3). A name is a stored name the server chose (fileStore.ts checks it); nothing else reads or
 * writes stored files (tests/unit/fileStorageBoundary.test.ts).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the content under `name` (a stream needs its `size`); fails rather than replace an existing file. */
  put(name: string, content: Uint8Array | Readable, size?: number): Promise<void>;
  /** The content as a stream, or null when there is no such file. */
  open(name: string): Promise<Readable | null>;
  /** The stored size in bytes, or null when there is no such file. */
  size(name: string): Promise<number | null>;
  /** Deletes the file; a missing file is not an error. */
  remove(name: string): Promise<void>;
}
