// The thread batchParser.ts starts: loads the TypeScript parser through tsx (the server itself runs under tsx,
// and a worker does not inherit the loader everywhere, e.g. under vitest), then serves parse jobs.
import { tsImport } from 'tsx/esm/api';

await tsImport('./batchFileWorker.ts', import.meta.url);
