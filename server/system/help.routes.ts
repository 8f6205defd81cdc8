import type { FastifyInstance } from 'fastify';
import { HELP_ADMIN_CODES, HELP_LIMITS } from '../../src/domain/help';
import type { AppServices } from '../appServices';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
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
    { config: { access: { permissions: ['MER_HOME', ...HELP_ADMIN_CODES] } } },
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
    { config: { access: { permissions: [...HELP_ADMIN_CODES] }, readOnly: true } },
    async (request) => {
      const body = request.body as { body?: unknown } | null;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('请求内容必须是 JSON 对象');
      if (typeof body.body !== 'string') fail('请输入正文');
      if ([...body.body].length > HELP_LIMITS.body) fail(`正文不能超过${HELP_LIMITS.body}字`);
      return ok({ html: renderHelpMarkdown(body.body) });
    },
  );
}
