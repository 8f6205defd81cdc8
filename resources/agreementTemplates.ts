import {
  DATA_STATUS,
  PLATFORM_MARK_CHOICES,
  SEAL_CERTIFICATION_TYPE,
  SEAL_TYPE,
  TEMPLATE_BIND_STATUS,
  TEMPLATE_USE_STATUS,
  YES_NO,
} from '../src/domain/enums';
import { AGREEMENT_TYPE_CHOICES } from './agreementTypes';
import type { ResourceDeclaration } from './types';

/** The route's code (src/domain/routes.ts): every template and seal operation needs it. */
const TEMPLATE_MGR = ['ADM_PLAT_AGREEMENT_TEMPLATE_MGR'] as const;

/**
 * Agreement templates: /adContractTemplate (ADM_PLAT_AGREEMENT_TEMPLATE_MGR), spec §3 and §7
 * (/api/v1/agreement_template). A template is bound to one signing entity (签约主体, `entid`) or to none.
 */
export const agreementTemplates: ResourceDeclaration = {
  name: 'adContractTemplate',
  label: '合同模板',
  recordTitle: 'nm',
  api: {
    list: '/api/v1/agreement_template/search',
    one: '/api/v1/agreement_template/:id',
    create: '/api/v1/agreement_template',
    update: '/api/v1/agreement_template/:id',
    delete: '/api/v1/agreement_template/:id',
  },
  permissions: { list: TEMPLATE_MGR, create: TEMPLATE_MGR, edit: TEMPLATE_MGR, delete: TEMPLATE_MGR },
  views: { create: true, edit: true },
  // Tabs: the templates, those bound to no signing entity (GET …/unbound), the agreement types (agreementTypes.ts).
  customList: 'ContractTemplateTabs',
  defaultSort: { field: 'sort', order: 'ASC' },
  fields: [
    { source: 'id', label: '模板编号', type: 'number', sortable: true },
    { source: 'sort', label: '排序', type: 'number', sortable: true, form: true },
    { source: 'nm', label: '模板名称', type: 'text', sortable: true, form: true, required: true },
    // Agreement types are data (协议类型, resources/agreementTypes.ts): the form picks an enabled one by name.
    {
      source: 'type',
      label: '模板类型',
      type: 'number',
      choicesFrom: AGREEMENT_TYPE_CHOICES,
      form: true,
      required: true,
      list: false,
    },
    { source: 'typeName', label: '模板类型', type: 'text' },
    { source: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, form: true, required: true },
    {
      source: 'entid',
      label: '签约主体',
      type: 'reference',
      reference: 'enterprise',
      nameSource: 'entName',
      form: true,
      referenceEdition: 'platformmark',
    },
    { source: 'entName', label: '签约主体名称', type: 'text', list: false },
    // Derived from entid (1 when set): lets the 解绑 action show only on bound templates.
    { source: 'bindStatus', label: '绑定状态', type: 'enum', choices: TEMPLATE_BIND_STATUS },
    {
      source: 'sealCertificationType',
      label: '盖章认证方式',
      type: 'enum',
      choices: SEAL_CERTIFICATION_TYPE,
      form: true,
      required: true,
    },
    // Changed by the 启用 / 停用 actions only; a new template starts 未启用.
    { source: 'useStatus', label: '使用状态', type: 'enum', choices: TEMPLATE_USE_STATUS },
    // Spec §2/§6: "contract template flag xiong" opens /bigBearOverview (大熊) to the merchant.
    { source: 'xiong', label: '大熊模板', type: 'enum', choices: YES_NO, form: true },
    { source: 'fileUrl', label: '模板文件', type: 'file', list: false, form: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'nm', label: '模板名称', type: 'text', alwaysOn: true },
    { key: 'type', label: '模板类型', type: 'number', choicesFrom: AGREEMENT_TYPE_CHOICES, alwaysOn: true },
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { key: 'entid', label: '签约主体', type: 'reference', reference: 'enterprise' },
    { key: 'useStatus', label: '使用状态', type: 'enum', choices: TEMPLATE_USE_STATUS },
  ],
  actions: [
    {
      name: 'enable',
      label: '启用',
      method: 'GET',
      path: '/api/v1/agreement_template/update_use_status/:id',
      visibleWhen: { field: 'useStatus', in: [0] },
    },
    {
      name: 'disable',
      label: '停用',
      method: 'GET',
      path: '/api/v1/agreement_template/update_use_status/:id',
      confirm: '停用后新签约将不再使用该模板，确定停用吗？',
      visibleWhen: { field: 'useStatus', in: [1] },
    },
    {
      name: 'unbind',
      label: '解绑',
      method: 'POST',
      path: '/api/v1/agreement_template/unbinding?agreementId=:id',
      confirm: '解绑后该模板不再属于任何签约主体，确定解绑吗？',
      visibleWhen: { field: 'bindStatus', in: [1] },
    },
  ],
};

/**
 * The seals of agreement templates: /adContractTemplateSeal (not a spec route; guarded by the template
 * page's code). Spec §3 and §7 (/api/v1/agreement_template_seal). Seals are never deleted, only voided.
 */
export const agreementTemplateSeals: ResourceDeclaration = {
  name: 'adContractTemplateSeal',
  label: '模板印章',
  recordTitle: 'enterpriseName',
  api: {
    list: '/api/v1/agreement_template_seal/search',
    one: '/api/v1/agreement_template_seal/:id',
    create: '/api/v1/agreement_template_seal',
  },
  permissions: { list: TEMPLATE_MGR, create: TEMPLATE_MGR, edit: TEMPLATE_MGR },
  views: { create: true },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [
    { source: 'id', label: '印章编号', type: 'number', sortable: true },
    {
      source: 'templateID',
      label: '所属模板',
      type: 'reference',
      reference: 'template',
      nameSource: 'templateName',
      sortable: true,
      form: true,
      required: true,
    },
    { source: 'templateName', label: '所属模板名称', type: 'text', list: false },
    {
      source: 'enterpriseID',
      label: '签约主体',
      type: 'reference',
      reference: 'enterprise',
      nameSource: 'enterpriseName',
      form: true,
      required: true,
    },
    // Copied from the chosen enterprise when the seal is saved.
    { source: 'enterpriseName', label: '签约主体名称', type: 'text', list: false },
    { source: 'sealType', label: '印章类型', type: 'enum', choices: SEAL_TYPE, form: true, required: true },
    // Changed by the 作废 / 恢复 actions only; a new seal starts 正常.
    { source: 'dataStatus', label: '状态', type: 'enum', choices: DATA_STATUS },
    { source: 'remark', label: '备注', type: 'longtext', form: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'templateID', label: '所属模板', type: 'reference', reference: 'template', alwaysOn: true },
    { key: 'dataStatus', label: '状态', type: 'enum', choices: DATA_STATUS, alwaysOn: true },
  ],
  actions: [
    {
      name: 'void',
      label: '作废',
      method: 'PUT',
      path: '/api/v1/agreement_template_seal/:id/datastatus/0',
      confirm: '作废后该印章不再用于盖章，确定作废吗？',
      visibleWhen: { field: 'dataStatus', in: [1] },
    },
    {
      name: 'restore',
      label: '恢复',
      method: 'PUT',
      path: '/api/v1/agreement_template_seal/:id/datastatus/1',
      visibleWhen: { field: 'dataStatus', in: [0] },
    },
  ],
};
