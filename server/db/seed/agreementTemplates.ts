import type { Insertable } from 'kysely';
import type { Db } from '../database';
import type { AgreementTemplateSealTable } from '../schema';
import { chinaTime } from '../time';
import type { SeededEnterprise } from './enterprises';
import type { Random } from './random';

const TYPE_NAMES: Record<number, string> = {
  1: '灵活用工服务协议',
  2: '业务外包服务协议',
  3: '自由职业者服务协议',
  4: '开户合同',
};
const SEAL_REMARKS = ['电子签章平台已备案', '年度备案已更新', '法大大平台自动签章', null, null];
const DAY = 86400_000;

/**
 * About thirty agreement templates: four kinds for each signing entity, in either edition, plus a few
 * templates bound to no entity; each with one to three seals of different kinds, some voided.
 */
export async function seedAgreementTemplates(
  db: Db,
  random: Random,
  enterprises: readonly SeededEnterprise[],
): Promise<void> {
  const now = Date.now();
  // The signing entities (签约主体) the templates belong to: the demo enterprises the old constant named.
  const entities = enterprises.slice(0, 6);
  const templates: { entity: SeededEnterprise | null; type: number }[] = [];
  for (const entity of entities) {
    for (const type of [1, 2, 3, 4]) templates.push({ entity, type });
  }
  for (const type of [1, 1, 2, 3, 3, 4]) templates.push({ entity: null, type });

  for (const [index, template] of templates.entries()) {
    const drawn = random.next() < 0.65 ? 1 : 3;
    // A bound template is for its enterprise's edition.
    const platformmark = template.entity ? template.entity.mark : drawn;
    const version = `V${random.int(1, 3)}.${random.int(0, 9)}`;
    const owner = template.entity ? template.entity.short : '通用';
    const edition = platformmark === 1 ? '标准版' : '小规模版';
    const created = now - random.int(30, 600) * DAY - random.int(0, 86_399) * 1000;
    const time = chinaTime(created);
    const row = await db
      .insertInto('agreement_templates')
      .values({
        sort: random.int(1, 20),
        nm: `${owner}${TYPE_NAMES[template.type]}（${edition}）${version}`,
        type: template.type,
        entid: template.entity?.id ?? null,
        platformmark,
        seal_certification_type: random.next() < 0.7 ? 1 : 2,
        // An unbound template cannot be signed by anyone, so none of those is in use.
        use_status: template.entity && random.next() < 0.65 ? 1 : 0,
        xiong: template.entity?.short === '大熊' ? 1 : 0,
        // No uploaded file exists in a fresh demo database; the address would lead nowhere.
        file_url: null,
        create_time: time,
        update_time: chinaTime(created + index * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const kinds = [1, 2, 3];
    for (let i = kinds.length - 1; i > 0; i -= 1) {
      const j = random.int(0, i);
      [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
    }
    kinds.length = random.int(1, 3);
    const entity = template.entity ?? random.pick(entities);
    const seals: Insertable<AgreementTemplateSealTable>[] = kinds.map((sealType, position) => {
      const voided = random.next() < 0.25;
      const sealTime = chinaTime(created + (position + 1) * DAY);
      return {
        template_id: Number(row.id),
        enterprise_id: entity.id,
        enterprise_name: entity.name,
        seal_type: sealType,
        data_status: voided ? 0 : 1,
        remark: voided ? '印章已更换，原章作废' : random.pick(SEAL_REMARKS),
        create_time: sealTime,
        update_time: sealTime,
      };
    });
    await db.insertInto('agreement_template_seals').values(seals).execute();
  }
}
