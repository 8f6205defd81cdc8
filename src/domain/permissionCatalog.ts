/**
 * The permission catalogue: every code of routes.ts with a Chinese name, grouped as the menus group their pages.
 * Shared by the admin's /adRoleSettings tree, the merchant's /teamAdmin and the server (which accepts exactly
 * these codes in a role).
 */
import { ADMIN_MENU, MERCHANT_MENU } from './menus';
import {
  ALL_PERMISSION_CODES,
  findRoute,
  MENU_GROUP_CODES,
  PAGE_ACTION_CODES,
  ROUTES,
  TAX_EXPORT_FULL_ID_CODE,
  XGM_INVOICE_APPLY_CODE,
} from './routes';

export interface PermissionNode {
  code: string;
  /** Chinese name of the code. */
  label: string;
  /** Titles of the pages the code opens (a code may open several). */
  pages: readonly string[];
}

export interface PermissionGroup {
  key: string;
  label: string;
  /** The menu group's own code (shows the group in the menu), or undefined for groups without one. */
  groupCode?: string;
  codes: readonly PermissionNode[];
}

/** Merchant codes guard several pages each: their names say what they open in the merchant menu. */
const MERCHANT_LABELS: Readonly<Record<string, string>> = {
  MER_HOME: '首页与统计',
  MER_BANKACCOUNT_RECHARGE: '充值、合同与开票',
  MER_INVOICE_APPLY: '批量打款',
  MER_REMITTANCE_RECORDS: '打款记录',
  MER_FEEDBACK_LIST: '意见反馈',
  MER_IMPORT_EMPLOYEE: '签约人员与灵工导入',
  MER_EMPLOYEE_LIST: '人员导入与任务',
  MER_BLOCKED_FUND: '异常资金',
};

const OTHER_LABELS: Readonly<Record<string, string>> = {
  ADM_HOME: '管理后台（进入后台首页）',
  [XGM_INVOICE_APPLY_CODE]: '小规模开票申请（特定账号）',
  [TAX_EXPORT_FULL_ID_CODE]: '税费计算：导出完整身份证号',
};

/** The pages a code opens, its own page first: the first route that names it (routes.ts order). */
function pagesOf(code: string): string[] {
  return routesOf(code).map((rule) => rule.title);
}

function routesOf(code: string) {
  return ROUTES.filter((rule) => rule.permissions.includes(code) || PAGE_ACTION_CODES[rule.path]?.includes(code));
}

/**
 * A page guarded by two codes (its own and the small-scale edition's `*_XGM`) would list the same title twice:
 * the second is named for the edition it serves.
 */
function pageCodeLabel(code: string): string | undefined {
  const home = routesOf(code)[0];
  if (!home) return undefined;
  const ownIndex = home.permissions.indexOf(code);
  return ownIndex > 0 && code.endsWith('_XGM') ? `${home.title}（小规模）` : home.title;
}

function groupLabelOf(code: string): string | undefined {
  return ADMIN_MENU.find((group) => group.groupCode === code)?.label;
}

/** The Chinese name of a code; an unknown code is shown as itself. */
export function permissionLabel(code: string): string {
  const menuGroup = groupLabelOf(code);
  if (menuGroup) return `${menuGroup}（菜单）`;
  return MERCHANT_LABELS[code] ?? OTHER_LABELS[code] ?? pageCodeLabel(code) ?? code;
}

function node(code: string): PermissionNode {
  return { code, label: permissionLabel(code), pages: pagesOf(code) };
}

/**
 * The codes whose own page (the first that names them) is one of `paths`, in the order of those pages: a code that
 * also guards a page of another group (UI_BILLING_CATEGORY_MGR: 开票类目管理 in 财务中心, 短信发送状态 in
 * 消息中心) is listed once, under its own page's group.
 */
function codesOfPaths(paths: readonly string[], keep: (code: string) => boolean, seen: Set<string>): string[] {
  const codes: string[] = [];
  for (const path of paths) {
    for (const code of [...(findRoute(path)?.permissions ?? []), ...(PAGE_ACTION_CODES[path] ?? [])]) {
      if (!keep(code) || seen.has(code) || routesOf(code)[0]?.path !== path) continue;
      seen.add(code);
      codes.push(code);
    }
  }
  return codes;
}

function buildCatalogue(): readonly PermissionGroup[] {
  const seen = new Set<string>();
  const isMerchant = (code: string) => code.startsWith('MER_');
  const groups: PermissionGroup[] = [];
  // The admin shell first: ADM_HOME and the other codes that are no page of a group.
  seen.add('ADM_HOME');
  for (const group of ADMIN_MENU) {
    seen.add(group.groupCode);
    const codes = codesOfPaths(
      group.items.map((item) => item.path),
      (code) => !isMerchant(code),
      seen,
    );
    groups.push({ key: group.key, label: group.label, groupCode: group.groupCode, codes: codes.map(node) });
  }
  const merchantPaths = [...MERCHANT_MENU[1], ...MERCHANT_MENU[3]].map((item) => item.path);
  const merchantCodes = codesOfPaths(merchantPaths, isMerchant, seen);
  for (const rule of ROUTES) {
    for (const code of rule.permissions) {
      if (isMerchant(code) && !seen.has(code)) {
        seen.add(code);
        merchantCodes.push(code);
      }
    }
  }
  const rest = ALL_PERMISSION_CODES.filter((code) => !seen.has(code));
  groups.unshift({ key: 'adminShell', label: '管理后台', codes: ['ADM_HOME', ...rest].map(node) });
  groups.push({ key: 'merchant', label: '商户端', codes: merchantCodes.map(node) });
  return groups;
}

/** Every code exactly once: the admin groups in menu order (each under its menu code), then the merchant codes. */
export const PERMISSION_CATALOGUE: readonly PermissionGroup[] = buildCatalogue();

/** Every code a role may hold (the catalogue's codes and the menu group codes). */
export const CATALOGUE_CODES: ReadonlySet<string> = new Set([
  ...PERMISSION_CATALOGUE.flatMap((group) => [
    ...(group.groupCode ? [group.groupCode] : []),
    ...group.codes.map((item) => item.code),
  ]),
]);

export const MENU_GROUP_CODE_SET: ReadonlySet<string> = new Set(MENU_GROUP_CODES);

/** Merchant codes that also open an admin page (e.g. MER_EMPLOYEE_LIST for /adTaskOverview). */
export const MERCHANT_CODES_ON_ADMIN_PAGES: ReadonlySet<string> = new Set(
  ROUTES.filter((rule) => rule.shell === 'admin')
    .flatMap((rule) => rule.permissions)
    .filter((code) => code.startsWith('MER_')),
);

/**
 * The tree a role of this kind (rid) chooses from: a merchant role the merchant codes; a staff role the admin
 * groups and the merchant codes an admin page uses; the admin role everything.
 */
export function permissionTreeFor(kind: number): readonly PermissionGroup[] {
  if (kind === 1) return PERMISSION_CATALOGUE;
  if (kind === 2) return PERMISSION_CATALOGUE.filter((group) => group.key === 'merchant');
  return PERMISSION_CATALOGUE.map((group) =>
    group.key === 'merchant'
      ? {
          ...group,
          label: '商户端（后台页面使用）',
          codes: group.codes.filter((item) => MERCHANT_CODES_ON_ADMIN_PAGES.has(item.code)),
        }
      : group,
  ).filter((group) => group.codes.length > 0 || group.groupCode);
}
