import { describe, expect, it } from 'vitest';
import { listRequest } from '../../../providers/listRequest';
import { buildUrl } from '../../../providers/requestUrl';
import { FIRST_PAINT_PAGES } from '../../../resources/firstPaintPages';
import { initialListParams } from '../../../src/boot/listParams';
import { BATCH_PAGE_SIZE } from '../../../src/pages/invoices/invoiceApi';

const empty: Storage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
  clear: () => undefined,
  key: () => null,
  length: 0,
};

describe('first paint of built pages', () => {
  // The page takes the early answer only for exactly the URL it asks for itself (providers/earlyResponse).
  it.each(FIRST_PAINT_PAGES.map((page) => [page.name, page] as const))(
    '/%s asks for what ApplyInvoicePage asks for first',
    (_name, declaration) => {
      const params = initialListParams(declaration, '', empty);
      const { path, query, q } = listRequest(declaration.api, params);
      expect(buildUrl(path, query, q)).toBe(buildUrl('/api/v1/invoices/batches', { page: 0, size: BATCH_PAGE_SIZE }));
    },
  );
});
