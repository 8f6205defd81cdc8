import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './fileStorage';

/** The folder of stored files on the local disk (also what a backup of DATA_DIR copies). */
export function localUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Stored files in DATA_DIR/uploads, readable by the owner only (one host: FILE_STORAGE=local, the default). */
export function localFileStorage(dataDir: string): FileStorage {
  const directory = localUploadsDir(dataDir);
  const file = (name: string) => path.join(directory, name);
  return {
    kind: 'local',
    async put(name, content) {
      await mkdir(directory, { recursive: true });
      if (content instanceof Uint8Array) await writeFile(file(name), content, { flag: 'wx', mode: 0o600 });
      else await pipeline(content, createWriteStream(file(name), { flags: 'wx', mode: 0o600 }));
    },
    async open(name): Promise<Readable | null> {
      const stream = createReadStream(file(name));
      // Wait for the open so a missing file is null here rather than an error in the middle of a response.
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error) => (missing(error) ? resolve(null) : reject(error)));
      });
    },
    async size(name) {
      try {
        return (await stat(file(name))).size;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      await unlink(file(name)).catch((error) => {
        if (!missing(error)) throw error;
      });
    },
  };
}
