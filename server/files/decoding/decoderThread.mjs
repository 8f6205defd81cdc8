// The thread pool.ts starts: loads the TypeScript thread body through tsx (the server itself runs under tsx, and a
// worker does not inherit the loader everywhere, e.g. under vitest), then serves decoding jobs. The server bundle
// (scripts/buildServer.mjs) puts the bundled thread beside itself under this name.
import { tsImport } from 'tsx/esm/api';

await tsImport('./thread.ts', import.meta.url);
