import { describe, expect, it } from 'vitest';
import { ADMIN_MENU } from '../../src/domain/menus';
import {
  CATALOGUE_CODES,
  PERMISSION_CATALOGUE,
  permissionLabel,
  permissionTreeFor,
} from '../../src/domain/permissionCatalog';
import { ALL_PERMISSION_CODES, findRoute, PAGE_ACTION_CODES } from '../../src/domain/routes';

const HAN = /\p{Script=Han}/u;

describe('permission catalogue', () => {
  it('holds every code of routes.ts exactly once (menu group codes on their group)', () => {
    const listed = PERMISSION_CATALOGUE.flatMap((group) => [
      ...(group.groupCode ? [group.groupCode] : []),
      ...group.codes.map((item) => item.code),
    ]);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    expect(CATALOGUE_CODES.size).toBe(ALL_PERMISSION_CODES.length);
  });

  it('groups the admin codes as the admin menu groups its pages', () => {
    const finance = PERMISSION_CATALOGUE.find((group) => group.groupCode === 'FINANCIAL_CENTER');
    expect(finance?.label).toBe(ADMIN_MENU.find((group) => group.groupCode === 'FINANCIAL_CENTER')?.label);
    expect(finance?.codes.map((item) => item.code)).toContain('UI_FUND_MANAGEMENT');
    const account = PERMISSION_CATALOGUE.find((group) => group.groupCode === 'ADM_JCY_ACCOUNT_MGR');
    expect(account?.codes.map((item) => item.code)).toEqual(
      expect.arrayContaining(['UI_PARTNER_MGR_JCY', 'UI_SERVICE_MGR_JCY', 'UI_FINANCE_MGR', 'UI_CHANNEL_MGR']),
    );
  });

  it('names every code in Chinese, never by the code itself', () => {
    for (const code of ALL_PERMISSION_CODES) {
      expect(permissionLabel(code), code).toMatch(HAN);
    }
    expect(permissionLabel('UI_FINANCE_MGR')).toBe('财务人员管理');
    expect(permissionLabel('MER_BLOCKED_FUND')).toBe('异常资金');
  });

  it('offers a merchant role only merchant codes and a staff role no merchant-only code', () => {
    const merchant = permissionTreeFor(2).flatMap((group) => group.codes.map((item) => item.code));
    expect(merchant.length).toBeGreaterThan(0);
    expect(merchant.every((code) => code.startsWith('MER_'))).toBe(true);
    const staff = permissionTreeFor(5).flatMap((group) => group.codes.map((item) => item.code));
    expect(staff).toContain('UI_FUND_MANAGEMENT');
    expect(staff).toContain('MER_EMPLOYEE_LIST'); // /adTaskOverview
    expect(staff).not.toContain('MER_BANKACCOUNT_RECHARGE');
  });

  it('lists UI_TAX_EXPORT_FULL_ID beside 税费计算 so a staff role can be granted it', () => {
    const group = permissionTreeFor(5).find((item) => item.codes.some((node) => node.code === 'UI_TAX_COLLECTION'));
    const codes = group?.codes.map((node) => node.code) ?? [];
    expect(codes).toContain('UI_TAX_EXPORT_FULL_ID');
    expect(codes.indexOf('UI_TAX_EXPORT_FULL_ID')).toBe(codes.indexOf('UI_TAX_COLLECTION') + 1);
    expect(permissionLabel('UI_TAX_EXPORT_FULL_ID')).toBe('税费计算：导出完整身份证号');
    expect(CATALOGUE_CODES.has('UI_TAX_EXPORT_FULL_ID')).toBe(true);
  });

  // 企业业绩, 意见反馈管理, 异常资金管理 and 退回资金管理 were listed twice (a page's own code and its
  // small-scale *_XGM code under one name), and 开票类目管理 under 消息中心 (its code also guards 短信发送状态).
  it.each([1, 5])('shows each code once, under one name no other code has (role kind %i)', (kind) => {
    const nodes = permissionTreeFor(kind).flatMap((group) => group.codes.map((item) => ({ group: group.label, item })));
    const codes = nodes.map(({ item }) => item.code);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
    const byLabel = new Map<string, string[]>();
    for (const { group, item } of nodes)
      byLabel.set(item.label, [...(byLabel.get(item.label) ?? []), `${group}/${item.code}`]);
    expect([...byLabel].filter(([, places]) => places.length > 1)).toEqual([]);
  });

  it('puts each page code under the menu group that holds the page it is named after', () => {
    for (const group of PERMISSION_CATALOGUE) {
      const menu = ADMIN_MENU.find((item) => item.groupCode === group.groupCode);
      if (!menu) continue; // 管理后台 and 商户端: no menu group of their own
      for (const { code, label } of group.codes) {
        const namedAfter = menu.items.filter((item) => {
          const rule = findRoute(item.path);
          const guards = rule?.permissions.includes(code) || PAGE_ACTION_CODES[item.path]?.includes(code);
          return guards && label.startsWith(item.label);
        });
        expect(
          namedAfter.map((item) => item.path),
          `${group.label} / ${label} (${code})`,
        ).not.toEqual([]);
      }
    }
    const groupOf = (label: string) =>
      PERMISSION_CATALOGUE.find((group) => group.codes.some((item) => item.label === label))?.label;
    expect(groupOf('开票类目管理')).toBe('财务中心');
    expect(groupOf('企业业绩')).toBe('统计中心');
    expect(groupOf('企业业绩（小规模）')).toBe('统计中心');
  });
});
