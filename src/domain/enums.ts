/** Status values of spec §4 with their Chinese labels. */
export interface Choice {
  id: number;
  name: string;
}

export const CONTRACT_STATUS: readonly Choice[] = [
  { id: 0, name: '过期' },
  { id: 1, name: '有效期内' },
  { id: 2, name: '未签署' },
];

export const SIGN_STATUS: readonly Choice[] = [
  { id: 0, name: '未签署' },
  { id: 1, name: '已签署' },
];

export const INDUSTRY_PROCESS_STATUS: readonly Choice[] = [
  { id: 0, name: '未处理' },
  { id: 1, name: '已处理' },
  { id: 2, name: '使用中' },
];

export const PARTNER_CATEGORY: readonly Choice[] = [
  { id: 1, name: '普通合伙人（旧）' },
  { id: 2, name: '事业合伙人10万（旧）' },
  { id: 3, name: '事业合伙人8万（旧）' },
  { id: 4, name: 'VIP合伙人1万（旧）' },
  { id: 5, name: 'VIP合伙人赠送（旧）' },
  { id: 6, name: '事业合伙人' },
  { id: 7, name: '尊享VIP' },
  { id: 8, name: '优选VIP' },
  { id: 9, name: '普通用户' },
  { id: 10, name: '特殊渠道' },
];

export const DATA_STATUS: readonly Choice[] = [
  { id: 0, name: '作废' },
  { id: 1, name: '正常' },
];

/** Agreement templates (/adContractTemplate): kind, seal signing mode, use status, binding; seal kinds. */
export const AGREEMENT_TEMPLATE_TYPE: readonly Choice[] = [
  { id: 1, name: '服务协议' },
  { id: 2, name: '外包协议' },
  { id: 3, name: '自由职业者协议' },
  { id: 4, name: '开户合同' },
];
export const SEAL_CERTIFICATION_TYPE: readonly Choice[] = [
  { id: 1, name: '企业自动签' },
  { id: 2, name: '手动签' },
];
export const TEMPLATE_USE_STATUS: readonly Choice[] = [
  { id: 0, name: '未启用' },
  { id: 1, name: '使用中' },
];
export const TEMPLATE_BIND_STATUS: readonly Choice[] = [
  { id: 0, name: '未绑定' },
  { id: 1, name: '已绑定' },
];
export const SEAL_TYPE: readonly Choice[] = [
  { id: 1, name: '公章' },
  { id: 2, name: '合同专用章' },
  { id: 3, name: '法人章' },
];

export const INVOICE_KIND: readonly Choice[] = [
  { id: 0, name: '全部' },
  { id: 1, name: '纸质发票' },
  { id: 2, name: '电子发票' },
];

export const PLATFORM_MARK_CHOICES: readonly Choice[] = [
  { id: 1, name: '标准版' },
  { id: 3, name: '小规模版' },
];

export const ENABLED_STATUS: readonly Choice[] = [
  { id: 0, name: '停用' },
  { id: 1, name: '启用' },
];

export const YES_NO: readonly Choice[] = [
  { id: 0, name: '否' },
  { id: 1, name: '是' },
];

/** Notice status (notices.status). */
export const NOTICE_STATUS: readonly Choice[] = [
  { id: 0, name: '草稿' },
  { id: 1, name: '已发布' },
];

/** A notice's read state for the caller (spec §3: isRead 0 unread, otherwise read). */
export const NOTICE_READ: readonly Choice[] = [
  { id: 0, name: '未读' },
  { id: 1, name: '已读' },
];

export function choiceName(choices: readonly Choice[], id: unknown): string {
  return choices.find((choice) => choice.id === Number(id))?.name ?? '';
}

/** Role ids as the operation log shows them (spec §4). */
export const ROLE_CHOICES: readonly Choice[] = [
  { id: 1, name: '管理员' },
  { id: 2, name: '商户' },
  { id: 3, name: '客服' },
  { id: 4, name: '合伙人' },
  { id: 5, name: '财务' },
];
