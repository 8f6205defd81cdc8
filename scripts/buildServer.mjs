// The API server as one plain ES module (esbuild; packages stay in node_modules), for the servers the tests start
// (scripts/serverProcess.ts): node loads it without tsx compiling hundreds of TypeScript modules on every start, which
// took 7.2 s of CPU against 5.0 s (farm-bench, median of 5, both on a fresh data directory).
//
// The bundle sits two folders below the project, as each server file is: the paths the server finds relative to
// its own module (../../package.json for its version, ./decoderThread.mjs for the decoder threads, files/decoding/pool.ts)
// hold for the bundle too. The decoder thread is bundled beside it under that name.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUNDLE = '.tmp/server-bundle/server.mjs';

export async function buildServer() {
  await build({
    entryPoints: { server: 'server/server.ts', decoderThread: 'server/files/decoding/thread.ts' },
    outdir: '.tmp/server-bundle',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Keep `with { type: 'json' }` on JSON imports from packages: node refuses them without it.
    supported: { 'import-attributes': true },
    logLevel: 'warning',
  });
  return SERVER_BUNDLE;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(await buildServer());
}
