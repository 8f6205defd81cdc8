import { sql } from 'kysely';
import { adHelpCategory, adHelpCenter, help } from '../../resources/help';
import { HELP_ARTICLE, HELP_LIMITS } from '../../src/domain/help';
import { chinaTime } from '../db/time';
import type { ResourceBinding } from '../engine/binding';
import { attachFile } from '../files/fileReferences';
import { fail } from '../http/errors';
import { type FieldCheck, lengthBetween } from '../http/fieldChecks';
import { imageFileIds, renderHelpMarkdown, searchTextOf } from './helpMarkdown';
import { assertNoSensitiveWords } from './sensitiveWords';

/**
 * 帮助中心 on the resource engine (resources/help.ts): categories and articles for administrators, and the
 * merchants' view of the same articles fixed to 已发布. Each save renders the Markdown body to sanitised HTML
 * (helpMarkdown.ts) and keeps the text the search matches; the body's images must be the author's own uploads or
 * ones the article already shows (attachFile, files/fileReferences.ts), which every merchant may then download while
 * the article is published. Titles and bodies pass the general sensitive-word list.
 */
const SORT_MAX = 9999;
const sortCheck: FieldCheck = (value) =>
  Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= SORT_MAX
    ? undefined
    : `排序请输入0-${SORT_MAX}的整数`;

export const helpCategoriesBinding: ResourceBinding = {
  declaration: adHelpCategory,
  table: 'help_categories',
  computed: {
    articleCount: sql<number>`(SELECT COUNT(*) FROM help_articles a WHERE a.category_id = help_categories.id)`,
  },
  timestamps: { create: 'create_time', update: 'update_time' },
  checks: () => ({
    name: lengthBetween(1, HELP_LIMITS.categoryName, `请输入1-${HELP_LIMITS.categoryName}字的分类名称`),
    sort: sortCheck,
  }),
  unique: { field: 'name', message: '该分类名称已存在' },
  deleteGuard: {
    unlessUsed: (eb, id) =>
      eb.not(eb.exists(eb.selectFrom('help_articles').select('help_articles.id').where('category_id', '=', id))),
    message: '该分类下还有文章，请先移走或删除这些文章',
  },
  messages: { notFound: '帮助分类不存在', idLabel: '分类编号' },
};

const articleColumns = {
  categoryId: 'help_articles.category_id',
  categoryName: 'help_categories.name',
};
const articleJoins = [
  { table: 'help_categories' as const, on: ['help_categories.id', 'help_articles.category_id'] as const },
];
// search_text is stored in lower case, so the words searched for are matched in lower case too.
const keywordFilter = {
  keyword: {
    column: 'help_articles.search_text',
    match: 'contains' as const,
    rewrite: (value: string) => value.toLowerCase(),
  },
};
const IMAGE_MESSAGE = '正文中的图片无效，请用“插入图片”重新上传';

export const helpArticlesBinding: ResourceBinding = {
  declaration: adHelpCenter,
  table: 'help_articles',
  columns: articleColumns,
  joins: articleJoins,
  filters: {
    ...keywordFilter,
    categoryId: { column: 'help_articles.category_id' },
  },
  timestamps: { create: 'create_time', update: 'update_time' },
  insertDefaults: () => ({ status: HELP_ARTICLE.draft }),
  checks: () => ({
    title: lengthBetween(2, HELP_LIMITS.title, `请输入2-${HELP_LIMITS.title}字的标题`),
    body: lengthBetween(1, HELP_LIMITS.body, `正文不能超过${HELP_LIMITS.body}字`),
    sort: sortCheck,
  }),
  beforeSave: async ({ db, auth, id }, values) => {
    const current =
      id === undefined
        ? undefined
        : await db
            .selectFrom('help_articles')
            .select(['title', 'body', 'body_html'])
            .where('id', '=', id)
            .executeTakeFirst();
    if (values.category_id !== undefined) {
      const category = await db
        .selectFrom('help_categories')
        .select('id')
        .where('id', '=', Number(values.category_id))
        .executeTakeFirst();
      if (!category) fail('帮助分类不存在，请重新选择');
    }
    if (values.title === undefined && values.body === undefined) return undefined;
    const title = String(values.title ?? current?.title ?? '');
    const body = String(values.body ?? current?.body ?? '');
    // Text every merchant reads passes the general sensitive-word list, as notices do.
    await assertNoSensitiveWords(db, title, 'general', '标题', 'title');
    await assertNoSensitiveWords(db, body, 'general', '正文', 'body');
    const html = renderHelpMarkdown(body);
    // The author's own uploads only (attachFile): an article must never publish another's file to every merchant.
    const kept = new Set(imageFileIds(current?.body_html ?? ''));
    for (const fileId of imageFileIds(html)) {
      const current = kept.has(fileId) ? fileId : null;
      await attachFile(db, auth, fileId, { purpose: 'help_image', current, message: IMAGE_MESSAGE });
    }
    return { body_html: html, search_text: searchTextOf(title, body) };
  },
  actions: {
    publish: {
      set: ({ auth }) => ({
        status: HELP_ARTICLE.published,
        publisher: [...auth.displayName].slice(0, 64).join(''),
        release_time: chinaTime(),
        update_time: chinaTime(),
      }),
      guard: { when: (eb) => eb('status', '=', HELP_ARTICLE.draft), message: '该文章已发布' },
      message: '发布成功',
    },
    unpublish: {
      set: () => ({ status: HELP_ARTICLE.draft, update_time: chinaTime() }),
      guard: { when: (eb) => eb('status', '=', HELP_ARTICLE.published), message: '该文章未发布' },
      message: '已撤回，商户将看不到这篇文章',
    },
  },
  messages: { notFound: '帮助文章不存在', idLabel: '文章编号' },
};

/** Merchants: published articles only; the body as its sanitised HTML, never the Markdown. */
export const publishedHelpBinding: ResourceBinding = {
  declaration: help,
  table: 'help_articles',
  fixed: { status: HELP_ARTICLE.published },
  columns: { ...articleColumns, html: 'help_articles.body_html' },
  joins: articleJoins,
  filters: { ...keywordFilter, categoryId: { column: 'help_articles.category_id' } },
  export: false,
  messages: { notFound: '帮助文章不存在或已撤回', idLabel: '文章编号' },
};
