/** The staff account pages: which rid and edition each manages, under which code. */
export interface StaffView {
  /** The route without its slash. */
  name: string;
  title: string;
  /** rid of the accounts: 3 customer service, 4 partner, 5 finance. */
  kind: 3 | 4 | 5;
  /** The accounts' edition (platform mark); finance staff serve both (1). */
  platformMark: 1 | 3;
  codes: readonly string[];
  /** What an account is called on the page. */
  noun: string;
}

export const STAFF_VIEWS: readonly StaffView[] = [
  {
    name: 'adJcyCustomerSet',
    title: '客服管理',
    kind: 3,
    platformMark: 1,
    codes: ['UI_SERVICE_MGR_JCY'],
    noun: '客服',
  },
  {
    name: 'adSmallJcyCustomerSet',
    title: '小规模客服管理',
    kind: 3,
    platformMark: 3,
    codes: ['UI_XGM_SERVICE_MGR'],
    noun: '客服',
  },
  {
    name: 'adFinancialManagement',
    title: '财务人员管理',
    kind: 5,
    platformMark: 1,
    codes: ['UI_FINANCE_MGR'],
    noun: '财务人员',
  },
  {
    name: 'adJcyPartnerManagement',
    title: '合伙人管理',
    kind: 4,
    platformMark: 1,
    codes: ['UI_PARTNER_MGR_JCY'],
    noun: '合伙人',
  },
  {
    name: 'adSmallJcyPartnerManagement',
    title: '小规模合伙人管理',
    kind: 4,
    platformMark: 3,
    codes: ['UI_XGM_PARTNER_MGR'],
    noun: '合伙人',
  },
];

export function staffView(name: string): StaffView | undefined {
  return STAFF_VIEWS.find((view) => view.name === name);
}

/** 2-20 characters. */
export const STAFF_NAME_MESSAGE = '请输入2-20位姓名';
export const STAFF_USERNAME_MESSAGE = '用户名为4-32位字母、数字或下划线';
export const STAFF_USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;
