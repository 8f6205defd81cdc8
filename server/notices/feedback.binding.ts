import { adSuggestion, suggestionFeedback } from '../../resources/feedback';
import { FEEDBACK, FEEDBACK_CONTENT, FEEDBACK_REPLY_MAX } from '../../src/domain/feedback';
import { ROLE } from '../../src/domain/roles';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import type { ResourceBinding } from '../engine/binding';
import { attachableFile } from '../files/fileReferences';
import { ForbiddenError, fail } from '../http/errors';
import { lengthBetween } from '../http/fieldChecks';
import { assertNoSensitiveWords } from '../system/sensitiveWords';

/**
 * Feedback (resources/feedback.ts) on the resource engine: the merchant's own (/suggestionFeedback, its
 * company's rows) and the staff's (/adSuggestion, the companies of their departments, each edition for the
 * holders of its code). Images are the merchant's own image uploads; the text passes the general
 * sensitive-word list. A reply marks the feedback 已回复 and unread for the merchant until it opens it.
 */
const IMAGE_COLUMNS = ['image1_url', 'image2_url', 'image3_url'] as const;
const IMAGE_MESSAGE = '图片地址无效，请重新上传图片';

const columns = {
  platformmark: 'feedbacks.platform_mark',
  image1: 'feedbacks.image1_url',
  image2: 'feedbacks.image2_url',
  image3: 'feedbacks.image3_url',
  companyName: 'companies.name',
};
const joins = [{ table: 'companies' as const, on: ['companies.id', 'feedbacks.company_id'] as const }];

/** The merchant's own image upload (attachFile), as its canonical download URL; null when it is not one. */
async function ownImage(db: Db, auth: AuthContext, url: string): Promise<string | null> {
  return (await attachableFile(db, auth, url, { purpose: 'feedback_image' }))?.url ?? null;
}

export const merchantFeedbackBinding: ResourceBinding = {
  declaration: suggestionFeedback,
  table: 'feedbacks',
  scope: { kind: 'company', column: 'feedbacks.company_id' },
  columns,
  joins,
  filters: { stime: { column: 'feedbacks.create_time' } },
  timestamps: { create: 'create_time', update: 'update_time' },
  insertDefaults: ({ auth }) => ({
    company_id: auth.companyId,
    platform_mark: auth.platformMark,
    user_id: auth.userId,
    username: auth.username,
    status: FEEDBACK.pending,
    reply_read: 1,
  }),
  checks: () => ({
    content: lengthBetween(
      FEEDBACK_CONTENT.min,
      FEEDBACK_CONTENT.max,
      `请输入${FEEDBACK_CONTENT.min}-${FEEDBACK_CONTENT.max}字的反馈内容`,
    ),
  }),
  maxChars: { image1: 255, image2: 255, image3: 255 },
  beforeSave: async ({ db, auth }, values) => {
    if (auth.roleId !== ROLE.merchant || auth.companyId === null) {
      throw new ForbiddenError('仅商户账号可以提交意见反馈');
    }
    await assertNoSensitiveWords(db, String(values.content ?? ''), 'general', '反馈内容', 'content');
    const images: Record<string, string | null> = {};
    for (const column of IMAGE_COLUMNS) {
      const url = values[column];
      if (url === undefined || url === null || url === '') continue;
      const own = await ownImage(db, auth, String(url));
      if (!own) fail(IMAGE_MESSAGE);
      images[column] = own;
    }
    return images;
  },
  actions: {
    read: { set: () => ({ reply_read: 1 }), message: '已读' },
  },
  messages: { notFound: '反馈不存在', idLabel: '反馈编号' },
};

/** The reply's text: 1-500 characters, else a clear refusal (the transaction rolls back). */
function replyText(body: Record<string, unknown>): string {
  const text = typeof body.reply === 'string' ? body.reply.trim() : '';
  if (text === '' || [...text].length > FEEDBACK_REPLY_MAX) fail(`请输入1-${FEEDBACK_REPLY_MAX}字的回复内容`);
  return text;
}

export const staffFeedbackBinding: ResourceBinding = {
  declaration: adSuggestion,
  table: 'feedbacks',
  scope: { kind: 'company', column: 'feedbacks.company_id' },
  editionCodes: {
    column: 'feedbacks.platform_mark',
    codes: { 1: ['UI_FEEDBACK_BOX'], 3: ['UI_FEEDBACK_BOX_XGM'] },
  },
  columns,
  joins,
  filters: {
    coname: { column: 'companies.name' },
    stime: { column: 'feedbacks.create_time' },
  },
  actions: {
    reply: {
      set: ({ body, auth }) => {
        const now = chinaTime();
        return {
          reply: replyText(body),
          reply_user: [...auth.displayName].slice(0, 64).join(''),
          reply_time: now,
          reply_read: 0,
          status: FEEDBACK.replied,
          update_time: now,
        };
      },
      guard: { when: (eb) => eb('status', '<>', FEEDBACK.closed), message: '该反馈已关闭，不能回复' },
      message: '回复成功',
    },
    close: {
      set: () => ({ status: FEEDBACK.closed, close_time: chinaTime(), update_time: chinaTime() }),
      guard: { when: (eb) => eb('status', '<>', FEEDBACK.closed), message: '该反馈已关闭' },
      message: '关闭成功',
    },
  },
  messages: { notFound: '反馈不存在', idLabel: '反馈编号' },
};
