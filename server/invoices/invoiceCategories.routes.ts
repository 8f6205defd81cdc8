import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { fail } from '../http/errors';
import { categoriesOfEditionSchema, categoryOfEditionSchema } from './invoices.schemas';
import { CATEGORY_EDITION_CODES } from './services/invoiceEditions';

export { MSG_IN_USE, MSG_NAME_LENGTH, MSG_NAME_TAKEN } from './invoiceCategories.binding';

/**
 * Invoice categories are served by the engine (invoiceCategories.binding.ts) on the paths of editions 1 and 3;
 * these two routes answer any other edition in those paths with the message the editions' list and create had.
 */
export async function invoiceCategoriesRoutes(app: FastifyInstance, _services: AppServices): Promise<void> {
  const access = { config: { access: { permissions: [...CATEGORY_EDITION_CODES[1], ...CATEGORY_EDITION_CODES[3]] } } };
  const badEdition = async () => fail('版本格式不正确（只能是 1 或 3）');
  app.get(
    '/api/v1/invoicecategories/platform/:mark/search',
    { ...access, schema: categoriesOfEditionSchema },
    badEdition,
  );
  app.post('/api/v1/invoicecategories/platform/:mark', { ...access, schema: categoryOfEditionSchema }, badEdition);
}
