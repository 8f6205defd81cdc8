import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_SETTINGS,
  type HostSetting,
  type PlatformSettings,
  type PublicSettings,
  settingsProblem,
} from '../../src/domain/platformSettings';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { HOSTS_MSG, publicSettingsSchema, readSettingsSchema, saveSettingsSchema } from './settings.schemas';

const CODES = ['UI_ACCOUNT_SET_CURRENCY'];
const KEYS = ['platformName1', 'platformName3', 'servicePhone', 'filingNumber', 'imageHost'] as const;

export async function readSettings(db: Db): Promise<PlatformSettings> {
  const [rows, hosts] = await Promise.all([
    db.selectFrom('platform_settings').select(['key', 'value']).execute(),
    db.selectFrom('host_settings').selectAll().orderBy('id').execute(),
  ]);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of KEYS) settings[key] = stored.get(key) ?? DEFAULT_SETTINGS[key];
  settings.hosts = hosts.map((row) => ({
    host: row.host,
    filingNumber: row.filing_number ?? '',
    imageHost: row.image_host ?? '',
    isTest: row.is_test === 1,
    remark: row.remark ?? '',
  }));
  return settings;
}

/** The host name the app was opened on: ?host= from the app (window.location.host), else the request's Host. */
function hostOf(request: FastifyRequest): string {
  const given = (request.query as { host?: unknown }).host;
  const host = typeof given === 'string' && given ? given : (request.headers.host ?? '');
  return host.trim().toLowerCase().slice(0, 128);
}

export function publicSettingsFor(settings: PlatformSettings, host: string): PublicSettings {
  const bare = host.replace(/:\d+$/, '');
  const rule = settings.hosts.find((item) => item.host === host) ?? settings.hosts.find((item) => item.host === bare);
  return {
    platformName: { 1: settings.platformName1, 3: settings.platformName3 },
    servicePhone: settings.servicePhone,
    filingNumber: rule?.filingNumber || settings.filingNumber,
    imageHost: rule?.imageHost || settings.imageHost,
    testEnvironment: rule?.isTest ?? false,
  };
}

function formOf(body: unknown): PlatformSettings {
  if (!body || typeof body !== 'object' || Array.isArray(body)) fail('请求内容必须是 JSON 对象');
  const values = body as Record<string, unknown>;
  const text = (value: unknown, label: string) => {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') fail(`${label}格式不正确`);
    return value.trim();
  };
  const hostsRaw = values.hosts ?? [];
  if (!Array.isArray(hostsRaw) || hostsRaw.length > 50) fail(HOSTS_MSG);
  const hosts: HostSetting[] = hostsRaw.map((item) => {
    if (!item || typeof item !== 'object') fail('域名设置格式不正确');
    const rule = item as Record<string, unknown>;
    return {
      host: text(rule.host, '域名').toLowerCase(),
      filingNumber: text(rule.filingNumber, '备案号'),
      imageHost: text(rule.imageHost, '图片域名'),
      isTest: rule.isTest === true || rule.isTest === 1,
      remark: text(rule.remark, '备注').slice(0, 128),
    };
  });
  const settings: PlatformSettings = {
    platformName1: text(values.platformName1, '标准版平台名称'),
    platformName3: text(values.platformName3, '小规模版平台名称'),
    servicePhone: text(values.servicePhone, '客服电话'),
    filingNumber: text(values.filingNumber, '备案号'),
    imageHost: text(values.imageHost, '图片域名'),
    hosts,
  };
  const problem = settingsProblem(settings);
  if (problem) fail(problem);
  return settings;
}

/**
 * 通用设置 (spec §9):
 * - GET /api/v1/common/settings?host=   public: platform name per edition, customer-service phone, and the
 *   filing number and image host of the host name (a host rule, else the defaults), read by the app at start;
 * - GET /api/v1/system/settings, PUT /api/v1/system/settings (UI_ACCOUNT_SET_CURRENCY): the whole form with its
 *   host rules; a save replaces them and is one operation-log entry.
 */
export async function settingsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get(
    '/api/v1/common/settings',
    { config: { access: { public: true } }, schema: publicSettingsSchema },
    async (request) => ok(publicSettingsFor(await readSettings(db), hostOf(request))),
  );

  const access = { config: { access: { permissions: CODES } } };
  app.get('/api/v1/system/settings', { ...access, schema: readSettingsSchema }, async () => ok(await readSettings(db)));

  app.put('/api/v1/system/settings', { ...access, schema: saveSettingsSchema }, async (request) => {
    const auth = requireAuth(request);
    const settings = formOf(request.body);
    const before = await readSettings(db);
    const now = chinaTime();
    await db.transaction().execute(async (tx) => {
      for (const key of KEYS) {
        const value = settings[key];
        const updated = await tx
          .updateTable('platform_settings')
          .set({ value, update_time: now })
          .where('key', '=', key)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) {
          await tx.insertInto('platform_settings').values({ key, value, update_time: now }).execute();
        }
      }
      await tx.deleteFrom('host_settings').execute();
      if (settings.hosts.length > 0) {
        await tx
          .insertInto('host_settings')
          .values(
            settings.hosts.map((rule) => ({
              host: rule.host,
              filing_number: rule.filingNumber || null,
              image_host: rule.imageHost || null,
              is_test: rule.isTest ? 1 : 0,
              remark: rule.remark || null,
            })),
          )
          .execute();
      }
      const flat = (value: PlatformSettings) => ({ ...value, hosts: JSON.stringify(value.hosts) });
      await recordOperation(tx, request, auth, {
        action: 'update',
        resource: 'adSystemSettings',
        recordId: null,
        changes: changesBetween(flat(before), flat(settings)),
      });
    });
    return ok(await readSettings(db), '保存成功');
  });
}
