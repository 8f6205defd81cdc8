import { NOTICE_READ, NOTICE_STATUS, PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import type { FieldDeclaration, ResourceDeclaration } from './types';

/** The image and attachment of a notice: uploads (POST /api/v1/common/uploadfiles) kept as their download URL. */
const MEDIA_FIELDS: readonly FieldDeclaration[] = [
  { source: 'url', label: '公告图片', type: 'image', list: false, form: true },
  { source: 'annexUrl', label: '附件', type: 'file', list: false, form: true, nameSource: 'annexName' },
  { source: 'annexName', label: '附件名称', type: 'text', list: false, form: true },
];

/**
 * Admin notice management: /adNotice (UI_JCY_NOTICE_MGR). Notices are written as drafts, then published
 * (upnotifications) to every merchant of their edition (platformmark).
 */
export const adNotice: ResourceDeclaration = {
  name: 'adNotice',
  label: '公告',
  recordTitle: 'title',
  api: {
    // Not in the spec's list (its getnotificationsandreadstate is the merchant's inbox): the admin search.
    list: '/api/v1/notifications/search',
    one: '/api/v1/notifications/getone/:id',
    create: '/api/v1/notifications/savenotifications',
    update: '/api/v1/notifications/:id',
    delete: '/api/v1/notifications/deletenotifications?id=:id',
  },
  permissions: {
    list: ['UI_JCY_NOTICE_MGR'],
    create: ['UI_JCY_NOTICE_MGR'],
    edit: ['UI_JCY_NOTICE_MGR'],
    delete: ['UI_JCY_NOTICE_MGR'],
  },
  views: { create: true, edit: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'title', label: '标题', type: 'text', form: true, required: true, validate: 'noticeTitle' },
    {
      source: 'platformmark',
      label: '版本',
      type: 'enum',
      choices: PLATFORM_MARK_CHOICES,
      form: true,
      required: true,
    },
    { source: 'status', label: '状态', type: 'enum', choices: NOTICE_STATUS },
    { source: 'publisher', label: '发布人', type: 'text' },
    { source: 'releaseTime', label: '发布时间', type: 'datetime', sortable: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
    { source: 'body', label: '公告内容', type: 'longtext', list: false, form: true, required: true },
    ...MEDIA_FIELDS,
  ],
  filters: [
    { key: 'title', label: '标题', type: 'text', alwaysOn: true },
    { key: 'status', label: '状态', type: 'enum', choices: NOTICE_STATUS, alwaysOn: true },
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    // Published notices by their release time, drafts by their creation time.
    { key: 'stime', endKey: 'etime', label: '发布/创建时间', type: 'dateRange' },
  ],
  actions: [
    {
      name: 'publish',
      label: '发布',
      method: 'POST',
      // The server also takes { id } as the body (spec); the generator substitutes :id in paths only.
      path: '/api/v1/notifications/upnotifications?id=:id',
      confirm: '发布后该版本的所有商户都能看到这条公告，确定发布吗？',
      permissions: ['UI_JCY_NOTICE_MGR'],
      visibleWhen: { field: 'status', in: [0] },
    },
  ],
};

/**
 * The small-scale twin: /adSmallNotice (UI_XGM_NOTICE_MGR) manages the notices of edition 3 only. Every call
 * carries platformmark=3, which the server reads as this view: the edition's own code, rows of edition 3,
 * new notices written for edition 3 (the form has no edition field).
 */
const SMALL = 'platformmark=3';
const SMALL_CODES = ['UI_XGM_NOTICE_MGR'];
export const adSmallNotice: ResourceDeclaration = {
  ...adNotice,
  name: 'adSmallNotice',
  label: '小规模公告',
  api: {
    list: adNotice.api.list,
    listQuery: { platformmark: 3 },
    one: `/api/v1/notifications/getone/:id?${SMALL}`,
    create: `/api/v1/notifications/savenotifications?${SMALL}`,
    update: `/api/v1/notifications/:id?${SMALL}`,
    delete: `/api/v1/notifications/deletenotifications?id=:id&${SMALL}`,
  },
  permissions: { list: SMALL_CODES, create: SMALL_CODES, edit: SMALL_CODES, delete: SMALL_CODES },
  fields: adNotice.fields.filter((field) => field.source !== 'platformmark'),
  filters: adNotice.filters.filter((filter) => filter.key !== 'platformmark'),
  actions: [
    {
      name: 'publish',
      label: '发布',
      method: 'POST',
      path: `/api/v1/notifications/upnotifications?id=:id&${SMALL}`,
      confirm: '发布后小规模版的所有商户都能看到这条公告，确定发布吗？',
      permissions: SMALL_CODES,
      visibleWhen: { field: 'status', in: [0] },
    },
  ],
};

/**
 * The merchant's notices: /systemNotice (MER_HOME). Published notices of the merchant's edition with the
 * merchant's read state; acknowledging one is PUT /api/v1/notifications/updatenotificationread.
 */
export const systemNotice: ResourceDeclaration = {
  name: 'systemNotice',
  label: '系统公告',
  recordTitle: 'title',
  api: {
    list: '/api/v1/notifications/getnotificationsandreadstate',
    one: '/api/v1/notifications/getone/:id',
  },
  permissions: { list: ['MER_HOME'] },
  views: { show: true },
  defaultSort: { field: 'releaseTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', list: false },
    { source: 'title', label: '标题', type: 'text' },
    { source: 'releaseTime', label: '发布时间', type: 'datetime', sortable: true },
    { source: 'isRead', label: '状态', type: 'enum', choices: NOTICE_READ },
    { source: 'publisher', label: '发布人', type: 'text' },
    { source: 'body', label: '公告内容', type: 'longtext', list: false },
    { source: 'url', label: '公告图片', type: 'image', list: false },
    { source: 'annexUrl', label: '附件', type: 'file', list: false, nameSource: 'annexName' },
    { source: 'annexName', label: '附件名称', type: 'text', list: false },
  ],
  filters: [{ key: 'title', label: '公告标题', type: 'text', alwaysOn: true }],
  customList: 'SystemNoticeList',
  // It renders GeneratedList with this list's own request: the first paint may draw its rows (src/boot).
  customListFirstPaint: true,
};
