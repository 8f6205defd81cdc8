import { ENABLED_STATUS } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

/** /adContractTemplate's code: agreement types are managed with the templates. */
const TEMPLATE_MGR = ['ADM_PLAT_AGREEMENT_TEMPLATE_MGR'] as const;
/** Every enabled agreement type as [{ id, name }], for pickers (templates, contract filters). */
export const AGREEMENT_TYPE_CHOICES = '/api/v1/agreementTemplateType/choices';

/**
 * 协议类型: the kinds of agreement templates and contracts as data (agreement_types, migration 200),
 * managed on /adContractTemplate's tab 协议类型管理 (that page's route and code; no route of its own): list, add,
 * edit, 启用 / 停用. The spec's calls
 * (GET /api/v1/agreementTemplateType/search, POST …/updateAgreementType, GET …/findSignByEnterpriseId) are served
 * too (server/contracts/agreementTypes.routes.ts).
 */
export const agreementTypes: ResourceDeclaration = {
  name: 'agreementTypes',
  label: '协议类型',
  route: 'adContractTemplate',
  recordTitle: 'name',
  api: {
    list: '/api/v1/agreementTemplateType/search',
    one: '/api/v1/agreementTemplateType/:id',
    create: '/api/v1/agreementTemplateType',
    update: '/api/v1/agreementTemplateType/:id',
  },
  permissions: { list: TEMPLATE_MGR, create: TEMPLATE_MGR, edit: TEMPLATE_MGR },
  views: { create: true, edit: true },
  defaultSort: { field: 'sort', order: 'ASC' },
  fields: [
    { source: 'id', label: '类型编号', type: 'number', sortable: true },
    { source: 'name', label: '类型名称', type: 'text', sortable: true, form: true, required: true },
    { source: 'sort', label: '排序', type: 'number', sortable: true, form: true },
    { source: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
    { source: 'updateTime', label: '更新时间', type: 'datetime' },
  ],
  filters: [
    { key: 'name', label: '类型名称', type: 'text', alwaysOn: true },
    { key: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, alwaysOn: true },
  ],
  actions: [
    {
      name: 'enable',
      label: '启用',
      method: 'PUT',
      path: '/api/v1/agreementTemplateType/:id/enable',
      permissions: TEMPLATE_MGR,
      visibleWhen: { field: 'status', in: [0] },
    },
    {
      name: 'disable',
      label: '停用',
      method: 'PUT',
      path: '/api/v1/agreementTemplateType/:id/disable',
      confirm: '停用后不能再用此类型新建模板和发起签约，已有的不受影响。确定停用吗？',
      permissions: TEMPLATE_MGR,
      visibleWhen: { field: 'status', in: [1] },
    },
  ],
};
