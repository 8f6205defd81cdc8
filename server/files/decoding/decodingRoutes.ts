import type { FastifyInstance } from 'fastify';

/**
 * Every route that decodes or transforms a file, with where the file comes from and what it decodes. The bomb
 * test (tests/api/decodingBombs.test.ts) sends each one the bombs of its kinds while it polls /api/health; two
 * checks keep the list whole: a route that accepts a multipart upload and is not listed here stops the server
 * from starting (registerUploadRoutes below), and tests/unit/decoderBoundary.test.ts fails when a module that
 * registers routes reaches the decoders (files/decoding/) and none of its routes is listed.
 */
export type DecodedKind = 'image' | 'pdf' | 'archive' | 'sheet' | 'xml';

export interface DecodingRoute {
  /** As registered: method and URL pattern. */
  route: string;
  /** The file: in the request (a multipart upload), a stored upload the request names, or one the server made. */
  input: 'upload' | 'storedUpload' | 'generated';
  kinds: readonly DecodedKind[];
  /** The module that registers it. */
  module: string;
}

export const DECODING_ROUTES: readonly DecodingRoute[] = [
  {
    route: 'POST /api/v1/common/uploadfiles',
    input: 'upload',
    kinds: ['image', 'pdf', 'archive'],
    module: 'server/files/uploads.routes.ts',
  },
  {
    route: 'POST /api/v1/companies/register/upload',
    input: 'upload',
    kinds: ['image'],
    module: 'server/accounts/registrations.routes.ts',
  },
  {
    route: 'GET /api-v1/watermark/dl',
    input: 'storedUpload',
    kinds: ['image', 'pdf'],
    module: 'server/files/watermark.routes.ts',
  },
  {
    route: 'POST /api/v1/invoices/ocr',
    input: 'upload',
    kinds: ['image', 'pdf', 'archive', 'xml'],
    module: 'server/invoices/ocr/invoiceOcr.routes.ts',
  },
  {
    route: 'POST /api/v1/remittances/batch/validate',
    input: 'upload',
    kinds: ['sheet'],
    module: 'server/money/remittances.routes.ts',
  },
  {
    route: 'POST /api/v1/workers/import/:kind',
    input: 'upload',
    kinds: ['sheet'],
    module: 'server/workers/workers.routes.ts',
  },
  // e签宝 needs the page count of the document it signs: documents the server rendered itself (generatedFiles.ts).
  {
    route: 'POST /api/v1/open/worker_sign/:token/esign',
    input: 'generated',
    kinds: ['pdf'],
    module: 'server/workers/esignFlow.routes.ts',
  },
  {
    route: 'POST /api/v1/consent/:id',
    input: 'generated',
    kinds: ['pdf'],
    module: 'server/contracts/consent.routes.ts',
  },
];

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route that parses multipart uploads ('METHOD /url'), for the bomb test. */
    uploadRoutes: readonly string[];
  }
}

/**
 * Lists in `app.uploadRoutes` every route registered after this call whose context parses multipart bodies, and
 * refuses to register one that is not in DECODING_ROUTES: a new upload route has to say what it decodes, and
 * then the bomb test attacks it. Call on the root instance before any route (onRoute reaches every plugin after).
 */
export function registerUploadRoutes(app: FastifyInstance): void {
  const routes: string[] = [];
  const declared = new Set(DECODING_ROUTES.filter((entry) => entry.input === 'upload').map((entry) => entry.route));
  app.decorate('uploadRoutes', routes);
  app.addHook('onRoute', function (route) {
    if (!this.hasContentTypeParser('multipart/form-data')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const name = `${method} ${route.url}`;
      if (!declared.has(name)) {
        throw new Error(
          `${name} 接收上传文件，却未在 server/files/decoding/decodingRoutes.ts 的 DECODING_ROUTES 中声明`,
        );
      }
      routes.push(name);
    }
  });
}
