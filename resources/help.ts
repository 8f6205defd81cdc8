import { HELP_ADMIN_CODES, HELP_ARTICLE, HELP_ARTICLE_STATUS } from '../src/domain/help';
import type { FieldDeclaration, ResourceDeclaration } from './types';

/**
 * 帮助中心: merchants read published articles by category with search at /help (MER_HOME);
 * administrators write them at /adHelpCenter and keep the categories at /adHelpCategory (UI_HELP_CENTER_JCY,
 * our code: the spec has no admin route for help). Bodies are Markdown, rendered and sanitised by the server.
 */
const CODES = HELP_ADMIN_CODES;
export const HELP_CATEGORY_OPTIONS = '/api/v1/help/categories/options';

export const adHelpCategory: ResourceDeclaration = {
  name: 'adHelpCategory',
  label: '帮助分类',
  recordTitle: 'name',
  api: {
    list: '/api/v1/help/categories/search',
    one: '/api/v1/help/categories/:id',
    create: '/api/v1/help/categories',
    update: '/api/v1/help/categories/:id',
    delete: '/api/v1/help/categories/:id',
  },
  permissions: { list: CODES, create: CODES, edit: CODES, delete: CODES },
  views: { create: true, edit: true },
  defaultSort: { field: 'sort', order: 'ASC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'name', label: '分类名称', type: 'text', form: true, required: true },
    { source: 'sort', label: '排序（小的在前）', type: 'number', sortable: true, form: true, required: true },
    { source: 'articleCount', label: '文章数', type: 'number' },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [{ key: 'name', label: '分类名称', type: 'text', alwaysOn: true }],
};

const CATEGORY: FieldDeclaration = {
  source: 'categoryId',
  label: '分类',
  type: 'number',
  list: false,
  form: true,
  required: true,
  choicesFrom: HELP_CATEGORY_OPTIONS,
};

export const adHelpCenter: ResourceDeclaration = {
  name: 'adHelpCenter',
  label: '帮助文章',
  recordTitle: 'title',
  api: {
    list: '/api/v1/help/articles/search',
    one: '/api/v1/help/articles/:id',
    create: '/api/v1/help/articles',
    update: '/api/v1/help/articles/:id',
    delete: '/api/v1/help/articles/:id',
  },
  permissions: { list: CODES, create: CODES, edit: CODES, delete: CODES },
  views: { create: true, edit: true },
  defaultSort: { field: 'updateTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'title', label: '标题', type: 'text', form: true, required: true },
    CATEGORY,
    { source: 'categoryName', label: '分类', type: 'text' },
    { source: 'sort', label: '排序（小的在前）', type: 'number', sortable: true, form: true, required: true },
    { source: 'status', label: '状态', type: 'enum', choices: HELP_ARTICLE_STATUS },
    { source: 'publisher', label: '发布人', type: 'text' },
    { source: 'releaseTime', label: '发布时间', type: 'datetime', sortable: true },
    { source: 'updateTime', label: '更新时间', type: 'datetime', sortable: true },
    {
      source: 'body',
      label: '正文（Markdown）',
      type: 'longtext',
      list: false,
      form: true,
      required: true,
      editor: { kind: 'markdown', previewPath: '/api/v1/help/articles/preview' },
    },
  ],
  filters: [
    { key: 'keyword', label: '标题或正文', type: 'text', alwaysOn: true },
    { key: 'categoryId', label: '分类', type: 'number', choicesFrom: HELP_CATEGORY_OPTIONS, alwaysOn: true },
    { key: 'status', label: '状态', type: 'enum', choices: HELP_ARTICLE_STATUS, alwaysOn: true },
  ],
  actions: [
    {
      name: 'publish',
      label: '发布',
      method: 'PATCH',
      path: '/api/v1/help/articles/:id/publish',
      confirm: '发布后所有商户都能在帮助中心看到这篇文章，确定发布吗？',
      permissions: CODES,
      visibleWhen: { field: 'status', in: [HELP_ARTICLE.draft] },
    },
    {
      name: 'unpublish',
      label: '撤回',
      method: 'PATCH',
      path: '/api/v1/help/articles/:id/unpublish',
      confirm: '撤回后商户将看不到这篇文章（可再次发布），确定撤回吗？',
      permissions: CODES,
      visibleWhen: { field: 'status', in: [HELP_ARTICLE.published] },
    },
  ],
};

/** The merchant's help center: published articles only, by category, with a search over titles and bodies. */
export const help: ResourceDeclaration = {
  name: 'help',
  label: '帮助中心',
  recordTitle: 'title',
  api: { list: '/api/v1/help/published/search', one: '/api/v1/help/published/:id' },
  permissions: { list: ['MER_HOME'] },
  views: {},
  defaultSort: { field: 'sort', order: 'ASC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', list: false },
    { source: 'title', label: '标题', type: 'text' },
    { source: 'categoryId', label: '分类编号', type: 'number', list: false },
    { source: 'categoryName', label: '分类', type: 'text' },
    { source: 'sort', label: '排序', type: 'number', list: false, sortable: true },
    { source: 'releaseTime', label: '发布时间', type: 'datetime', sortable: true },
    { source: 'html', label: '正文', type: 'longtext', list: false },
  ],
  filters: [
    { key: 'keyword', label: '搜索标题或正文', type: 'text', alwaysOn: true },
    { key: 'categoryId', label: '分类', type: 'number', choicesFrom: HELP_CATEGORY_OPTIONS, alwaysOn: true },
  ],
  customList: 'HelpCenter',
};

export const HELP_RESOURCES: readonly ResourceDeclaration[] = [help, adHelpCenter, adHelpCategory];
