import type { Db } from '../database';
import { chinaTime } from '../time';

/**
 * The demo partner 合伙人老李 (hehuoren, department 2) as a channel: category 事业合伙人, the sale partner of the
 * companies of its department, serving the first service enterprise of each edition, with one virtual company.
 */
export async function seedPartners(tx: Db): Promise<void> {
  const partner = await tx.selectFrom('users').select('id').where('username', '=', 'hehuoren').executeTakeFirst();
  if (!partner) return;
  const partnerId = Number(partner.id);
  const now = chinaTime();
  await tx
    .insertInto('partner_profiles')
    .values({ user_id: partnerId, csort: 6, channel_name: '华南渠道', remark: null, update_time: now })
    .execute();
  await tx.updateTable('companies').set({ sale_partner_id: partnerId }).where('department_id', '=', 2).execute();
  for (const mark of [1, 3]) {
    const enterprise = await tx
      .selectFrom('enterprises')
      .select('id')
      .where('platform_mark', '=', mark)
      .orderBy('id')
      .executeTakeFirst();
    if (enterprise) {
      await tx
        .insertInto('partner_enterprises')
        .values({ partner_id: partnerId, enterprise_id: Number(enterprise.id), platform_mark: mark, create_time: now })
        .execute();
    }
  }
  await tx
    .insertInto('virtual_partner_companies')
    .values({
      partner_id: partnerId,
      name: '深圳前海云帆信息咨询有限公司',
      credit_code: '91440300MA5FTEST01',
      linkman_name: '周敏',
      linkman_mobile: '13712345678',
      remark: '线下客户，尚未开户',
      create_time: now,
      update_time: now,
    })
    .execute();
}
