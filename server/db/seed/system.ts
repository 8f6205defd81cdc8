import { normalizeForMatch } from '../../../src/domain/sensitiveMatcher';
import type { Db } from '../database';
import { chinaTime } from '../time';

/** Demo data of the system tools: sensitive words and feedback with replies. */

const GENERAL_WORDS = ['代开发票', '刷单返利', '赌博'];
const TOPUP_WORDS = ['洗钱', '套现'];

export async function seedSystemDemo(db: Db): Promise<void> {
  const now = Date.now();
  const at = (daysAgo: number) => chinaTime(now - daysAgo * 86400_000);
  const words = [
    ...GENERAL_WORDS.map((word) => ({ list_type: 1, word })),
    ...TOPUP_WORDS.map((word) => ({ list_type: 2, word })),
  ];
  await db
    .insertInto('sensitive_words')
    .values(
      words.map((row, index) => ({
        ...row,
        normalized: normalizeForMatch(row.word),
        creator: '系统管理员',
        create_time: at(30 - index),
      })),
    )
    .execute();

  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'company_id', 'platform_mark'])
    .where('username', 'in', ['merchant', 'xgm'])
    .execute();
  const rows = [];
  for (const user of users) {
    if (user.company_id === null) continue;
    const base = {
      company_id: user.company_id,
      platform_mark: user.platform_mark,
      user_id: user.id,
      username: user.username,
      image1_url: null,
      image2_url: null,
      image3_url: null,
    };
    rows.push(
      {
        ...base,
        type: 2,
        content: '批量打款上传后预览页的服务费与合同费率不一致，请核实。',
        status: 2,
        reply: '您好，服务费按签约费率计算，已为您核对无误：预览页显示的是含税金额。',
        reply_user: '客服小李',
        reply_time: at(2),
        // The standard merchant has read it (its bell counts notices only); xgm has a new reply waiting.
        reply_read: user.username === 'xgm' ? 0 : 1,
        close_time: null,
        create_time: at(3),
        update_time: at(2),
      },
      {
        ...base,
        type: 1,
        content: '希望发票申请页可以按月份批量勾选打款批次。',
        status: 1,
        reply: null,
        reply_user: null,
        reply_time: null,
        reply_read: 1,
        close_time: null,
        create_time: at(1),
        update_time: at(1),
      },
      {
        ...base,
        type: 4,
        content: '充值到账时间比预期慢了一天，已经解决，谢谢。',
        status: 3,
        reply: '感谢反馈，银行流水核对时间已缩短至当天。',
        reply_user: '财务小王',
        reply_time: at(8),
        reply_read: 1,
        close_time: at(7),
        create_time: at(9),
        update_time: at(7),
      },
    );
  }
  if (rows.length > 0) await db.insertInto('feedbacks').values(rows).execute();
  const sms = [
    { mobile: '13900000002', type: 1, status: 1, reason: null, daysAgo: 3 },
    { mobile: '13900000003', type: 1, status: 1, reason: null, daysAgo: 2 },
    { mobile: '13900000003', type: 4, status: 2, reason: '用户停机', daysAgo: 1 },
  ];
  await db
    .insertInto('sms_logs')
    .values(
      sms.map((row) => ({
        mobile: row.mobile,
        mobile_masked: `${row.mobile.slice(0, 3)}****${row.mobile.slice(-4)}`,
        type: row.type,
        template: `【灵工结算平台】您的${row.type === 4 ? '设置支付密码' : '登录'}验证码为******，5分钟内有效，请勿泄露给他人。`,
        provider: '服务器日志（未发送）',
        status: row.status,
        reason: row.reason,
        create_time: at(row.daysAgo),
        update_time: at(row.daysAgo),
      })),
    )
    .execute();
  await db
    .updateTable('sensitive_word_lists')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .execute();
}
