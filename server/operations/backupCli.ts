import path from 'node:path';
import { loadConfig } from '../config';
import { backupDataDir } from './backup';

/** `npm run backup -- DIR`: an online backup of DATA_DIR (and the database) into DIR (server/operations/backup.ts). */
const target = process.argv[2];
if (!target) {
  console.error('用法：npm run backup -- 备份目录（须为空或不存在）');
  process.exit(64);
}
try {
  const config = loadConfig();
  const result = backupDataDir({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    target: path.resolve(target),
  });
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `备份完成：${result.dir}`, ...result }));
  // With FILE_STORAGE=s3 the stored files are in the bucket, not in DATA_DIR: the bucket's own versioning or
  // replication keeps them (README 运维 多机部署); this backup holds the database and the secrets.
  if (config.fileStorage.kind === 's3') {
    console.log(
      JSON.stringify({
        level: 40,
        time: Date.now(),
        msg: `文件存放在对象存储桶 ${config.fileStorage.bucket} 中，本备份不含文件：请用存储桶的版本控制或跨区域复制备份文件`,
      }),
    );
  }
} catch (error) {
  console.error(JSON.stringify({ level: 50, time: Date.now(), msg: `备份失败：${(error as Error).message}` }));
  process.exit(1);
}
