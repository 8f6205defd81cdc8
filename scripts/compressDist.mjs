// After `vite build`: writes .br and .gz beside every text asset in dist/, which the server sends to
// browsers that accept them (@fastify/static preCompressed), so nothing is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(m?js|css|html|json|svg|txt)$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

let count = 0;
for (const file of walk(path.resolve(process.argv[2] ?? 'dist'))) {
  if (!TEXT.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`已预压缩 ${count} 个前端文件（.br / .gz）`);
