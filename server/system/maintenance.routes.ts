import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../appServices';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { BusinessError } from '../http/errors';
import { maintenanceStatusSchema } from './maintenance.schemas';

/**
 * Maintenance windows: the windows themselves (/adSystemMaintainAdmin) are the engine's (maintenance.binding.ts).
 * - GET  /api/v1/system/upgradehtml/status         public: { active, title, startTime, endTime }.
 * While a window is active, POST /login, /code/login and /api/v1/sso/login answer 系统维护中，请稍后访问 unless
 * the request carries index=1 (the /login?index bypass).
 */
export const MSG_MAINTENANCE = '系统维护中，请稍后访问';
const GUARDED = new Set(['/login', '/code/login', '/api/v1/sso/login']);

export interface MaintenanceStatus {
  active: boolean;
  title: string | null;
  startTime: string | null;
  endTime: string | null;
}

export async function maintenanceStatus(db: Db, now = chinaTime()): Promise<MaintenanceStatus> {
  const row = await db
    .selectFrom('upgrade_notices')
    .select(['title', 'start_time', 'end_time'])
    .where('status', '=', 1)
    .where('start_time', '<=', now)
    .where('end_time', '>=', now)
    .orderBy('end_time', 'desc')
    .executeTakeFirst();
  return row
    ? { active: true, title: row.title, startTime: row.start_time, endTime: row.end_time }
    : { active: false, title: null, startTime: null, endTime: null };
}

type Form = Record<string, unknown>;
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

function bypassed(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Form;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Form;
  return text(query.index ?? body.index) === '1';
}

export async function maintenanceRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  // A callback hook: every API request passes it, and an async hook would cost each one a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method !== 'POST' || !GUARDED.has(request.routeOptions.url ?? '') || bypassed(request)) return done();
    maintenanceStatus(db).then((status) => {
      if (!status.active) return done();
      done(new BusinessError(`${MSG_MAINTENANCE}（${status.startTime} 至 ${status.endTime}）`, undefined, status));
    }, done);
  });

  app.get(
    '/api/v1/system/upgradehtml/status',
    { config: { access: { public: true } }, schema: maintenanceStatusSchema },
    async () => ok(await maintenanceStatus(db)),
  );
}
