import type { ServerConfig } from '../../config';
import type { FileStorage } from './fileStorage';
import { localFileStorage } from './localFileStorage';
import { s3FileStorage } from './s3FileStorage';

/** The storage FILE_STORAGE chose (server/config.ts validated its settings). */
export function createFileStorage(config: Pick<ServerConfig, 'dataDir' | 'fileStorage'>): FileStorage {
  const chosen = config.fileStorage;
  return chosen.kind === 's3' ? s3FileStorage(chosen) : localFileStorage(config.dataDir);
}
