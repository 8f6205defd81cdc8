import type { Db } from '../db/database';
import { containsCondition } from '../db/textMatch';
import { chinaTime } from '../db/time';
import type { CrmKind, CrmProvider, CrmRecord } from './crmProvider';

/** The development CRM's starting records: enough of each kind to search, bind and sync against. */
const STARTING_RECORDS: readonly { kind: CrmKind; crmId: string; name: string; detail: Record<string, unknown> }[] = [
  { kind: 'subsidiary', crmId: 'CRM-SUB-001', name: '南京分公司（CRM）', detail: { city: '南京', manager: '周敏' } },
  { kind: 'subsidiary', crmId: 'CRM-SUB-002', name: '苏州分公司（CRM）', detail: { city: '苏州', manager: '钱立' } },
  { kind: 'subsidiary', crmId: 'CRM-SUB-003', name: '杭州分公司（CRM）', detail: { city: '杭州', manager: '孙悦' } },
  { kind: 'subsidiary', crmId: 'CRM-SUB-004', name: '合肥分公司（CRM）', detail: { city: '合肥', manager: '李强' } },
  { kind: 'subsidiary', crmId: 'CRM-SUB-005', name: '成都分公司（CRM）', detail: { city: '成都', manager: '吴迪' } },
  { kind: 'institution', crmId: 'CRM-INS-001', name: '上海启航教育科技有限公司', detail: { city: '上海', level: 'A' } },
  { kind: 'institution', crmId: 'CRM-INS-002', name: '南京知行培训学校', detail: { city: '南京', level: 'B' } },
  { kind: 'institution', crmId: 'CRM-INS-003', name: '杭州青禾文化传播有限公司', detail: { city: '杭州', level: 'B' } },
  { kind: 'teacher', crmId: 'CRM-TEA-001', name: '王老师', detail: { institution: 'CRM-INS-001', subject: '数学' } },
  { kind: 'teacher', crmId: 'CRM-TEA-002', name: '陈老师', detail: { institution: 'CRM-INS-002', subject: '英语' } },
  {
    kind: 'cloudorder',
    crmId: 'CRM-ORD-001',
    name: '云订单 2026-001',
    detail: { institution: 'CRM-INS-001', amount: 12000000 },
  },
  {
    kind: 'cloudorder',
    crmId: 'CRM-ORD-002',
    name: '云订单 2026-002',
    detail: { institution: 'CRM-INS-003', amount: 5000000 },
  },
  { kind: 'garden', crmId: 'CRM-GDN-001', name: '南京江北新区产业园', detail: { province: '江苏省', city: '南京市' } },
  { kind: 'garden', crmId: 'CRM-GDN-002', name: '苏州工业园区', detail: { province: '江苏省', city: '苏州市' } },
  { kind: 'garden', crmId: 'CRM-GDN-003', name: '海南自由贸易港园区', detail: { province: '海南省', city: '海口市' } },
];

function recordOf(row: { kind: string; crm_id: string; name: string; detail: string; update_time: string }): CrmRecord {
  return {
    crmId: row.crm_id,
    kind: row.kind as CrmKind,
    name: row.name,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    updateTime: row.update_time,
  };
}

/**
 * The development CRM (CRM_PROVIDER=dev): a CRM of its own in the `crm_records` table, given its starting records
 * the first time it is read (an insert that skips existing crm_ids, so several processes may race to it).
 */
export function devCrm(db: Db): CrmProvider {
  let started: Promise<void> | null = null;
  const start = () => {
    started ??= (async () => {
      const now = chinaTime();
      await db
        .insertInto('crm_records')
        .values(
          STARTING_RECORDS.map((record) => ({
            kind: record.kind,
            crm_id: record.crmId,
            name: record.name,
            detail: JSON.stringify(record.detail),
            update_time: now,
          })),
        )
        .onConflict((conflict) => conflict.column('crm_id').doNothing())
        .execute();
    })().catch((error) => {
      started = null;
      throw error;
    });
    return started;
  };
  return {
    async search(kind, { name, offset, limit }) {
      await start();
      let query = db.selectFrom('crm_records').where('kind', '=', kind);
      if (name) query = query.where(containsCondition(db, 'name', name));
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('crm_id').offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(recordOf), total: Number(count.total) };
    },
    async find(kind, crmId) {
      await start();
      const row = await db
        .selectFrom('crm_records')
        .selectAll()
        .where('kind', '=', kind)
        .where('crm_id', '=', crmId)
        .executeTakeFirst();
      return row ? recordOf(row) : null;
    },
  };
}
