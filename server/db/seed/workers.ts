import { sql } from 'kysely';
import { luhnCheckDigit, nationalIdCheckChar } from '../../../src/domain/payees';
import { SIGN_STATUS } from '../../../src/domain/workers';
import { addSignedWorkers } from '../../workers/workers.service';
import type { Db } from '../database';
import { chinaTime } from '../time';
import { mobile, personName } from './companyNames';
import { createRandom } from './random';

/**
 * Gig workers of the demo: everyone a demo batch paid has signed with that company (a payout needs a
 * signed agreement), and companies 1 and 2 also have workers still to sign (待签署) and rescinded ones (已解约),
 * so every worker list has rows. Lookup hashes are filled in when the server starts (ID_KEY is not known here).
 */
export async function seedWorkers(db: Db): Promise<void> {
  const random = createRandom(20260912);
  const paid = await db
    .selectFrom('payout_items')
    .select(['company_id', 'platform_mark', 'name', 'id_card', 'bank_card', 'mobile'])
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  const byCompany = new Map<
    string,
    { companyId: number; platformMark: number; people: Parameters<typeof addSignedWorkers>[2][number][] }
  >();
  for (const item of paid) {
    const key = `${item.company_id}|${item.id_card}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const group = `${item.company_id}|${item.platform_mark}`;
    if (!byCompany.has(group)) {
      byCompany.set(group, {
        companyId: Number(item.company_id),
        platformMark: Number(item.platform_mark),
        people: [],
      });
    }
    byCompany.get(group)?.people.push({
      name: item.name,
      idCard: item.id_card,
      mobile: item.mobile ?? mobile(random),
      bankCard: item.bank_card,
      bankName: random.pick(['中国工商银行', '中国建设银行', '中国农业银行', '招商银行', '中国银行']),
    });
  }
  const signTime = chinaTime(Date.now() - 200 * 86_400_000);
  for (const group of byCompany.values()) await addSignedWorkers(db, group, group.people, null, signTime);

  // Pending and rescinded workers of the two demo merchants.
  const now = chinaTime();
  for (const [companyId, platformMark] of [
    [1, 1],
    [2, 3],
  ] as const) {
    for (let index = 0; index < 12; index += 1) {
      const body = `3301061992${String(1 + (index % 12)).padStart(2, '0')}${String(10 + index).padStart(2, '0')}${String(companyId * 100 + index).padStart(3, '0')}`;
      const idCard = body + nationalIdCheckChar(body);
      const cardBody = `62170${String(companyId).padStart(2, '0')}${String(index).padStart(11, '0')}`;
      const rescinded = index >= 8;
      await db
        .insertInto('workers')
        .values({
          company_id: companyId,
          platform_mark: platformMark,
          name: personName(random),
          id_card: idCard,
          id_key: `pending:${idCard}`,
          id_masked: `${idCard.slice(0, 6)}********${idCard.slice(-4)}`,
          mobile: mobile(random),
          bank_card: cardBody + luhnCheckDigit(cardBody),
          bank_name: random.pick(['中国工商银行', '中国建设银行', '招商银行']),
          referrer: index % 3 === 0 ? personName(random) : null,
          source: 1 + (index % 3),
          sign_status: rescinded ? SIGN_STATUS.rescinded : SIGN_STATUS.pending,
          sign_time: rescinded ? signTime : null,
          rescind_time: rescinded ? now : null,
          rescind_reason: rescinded ? '项目结束，双方协商解约' : null,
          audit_status: index % 4 === 1 ? 2 : index % 4 === 2 ? 1 : 0,
          audit_reason: index % 4 === 1 ? '身份证照片不清晰' : null,
          verify_status: 1,
          verify_time: now,
          create_user: '系统',
          create_time: now,
          update_time: now,
        })
        .execute();
    }
  }

  await assignSigningEnterprises(db);
}

/**
 * Each worker signs with one of the enterprises its company has a contract in force with (round robin), so the
 * 大熊 pages (workers of upload-enabled enterprises) and the signing links have their enterprise.
 */
async function assignSigningEnterprises(db: Db): Promise<void> {
  const contracts = await db
    .selectFrom('contracts')
    .select(['company_id', 'enterprise_id'])
    .where('sign_status', '=', 1)
    .where('data_status', '=', 1)
    .where('enterprise_id', 'is not', null)
    .groupBy(['company_id', 'enterprise_id'])
    .orderBy('company_id')
    .orderBy('enterprise_id')
    .execute();
  const byCompany = new Map<number, number[]>();
  for (const row of contracts) {
    const list = byCompany.get(Number(row.company_id)) ?? [];
    list.push(Number(row.enterprise_id));
    byCompany.set(Number(row.company_id), list);
  }
  for (const [companyId, enterprises] of byCompany) {
    for (const [position, enterpriseId] of enterprises.entries()) {
      await db
        .updateTable('workers')
        .set({ enterprise_id: enterpriseId })
        .where('company_id', '=', companyId)
        .where(sql<boolean>`workers.id % ${enterprises.length} = ${position}`)
        .execute();
    }
  }
}
