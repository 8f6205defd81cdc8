import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { ok } from '../http/envelope';
import { publicVersionsSchema } from './versions.schemas';

/**
 * GET /api/v1/versions/public?platformmark=   public: the history shown on /versionUpdate (newest first, at
 * most 100). The managed list (/adVersionUpdate) is the engine's: versions.binding.ts.
 */
export async function versionsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get(
    '/api/v1/versions/public',
    { config: { access: { public: true } }, schema: publicVersionsSchema },
    async (request) => {
      const mark = Number((request.query as Record<string, unknown>).platformmark ?? 1) === 3 ? 3 : 1;
      const rows = await db
        .selectFrom('versions')
        .select([
          'id',
          'version',
          'content',
          'release_date as releaseDate',
          'platform_mark as platformmark',
          'create_time as createTime',
        ])
        .where('platform_mark', '=', mark)
        .orderBy('release_date', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return ok(rows.map((row) => ({ ...row, id: Number(row.id) })));
    },
  );
}
