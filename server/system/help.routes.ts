import type { FastifyInstance } from 'fastify';
import { HELP_ADMIN_CODES } from '../../src/domain/help';
import type { AppServices } from '../appServices';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { BODY_REQUIRED_MSG, categoryOptionsSchema, previewSchema } from './help.schemas';
import { renderHelpMarkdown } from './helpMarkdown';

/**
 * 帮助中心 besides the engine (help.binding.ts):
 * - GET  /api/v1/help/categories/options  [{ id, name }] in their order: the category picker of the editor and
 *   the merchant's category tabs (MER_HOME or the admin code);
 * - POST /api/v1/help/articles/preview    { body } → { html }: the editor's preview, rendered and sanitised
 *   exactly as a save would (reads nothing, writes nothing).
 */
export async function helpRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get(
    '/api/v1/help/categories/options',
    { config: { access: { permissions: ['MER_HOME', ...HELP_ADMIN_CODES] } }, schema: categoryOptionsSchema },
    async () => {
      const rows = await db
        .selectFrom('help_categories')
        .select(['id', 'name'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(rows.map((row) => ({ id: Number(row.id), name: row.name })));
    },
  );

  app.post(
    '/api/v1/help/articles/preview',
    { config: { access: { permissions: [...HELP_ADMIN_CODES] }, readOnly: true }, schema: previewSchema },
    async (request) => {
      // The schema takes a JSON object whose body, when sent, is text within the limit.
      const { body } = request.body as { body?: string };
      if (body === undefined) fail(BODY_REQUIRED_MSG);
      return ok({ html: renderHelpMarkdown(body) });
    },
  );
}
