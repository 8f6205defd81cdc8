import { describe, expect, it } from 'vitest';
import { frequentPages, MERCHANT_STARTER_PAGES, SHORTCUT_COUNT } from '../../src/domain/frequentPages';
import { merchantMenu } from '../../src/domain/menus';

const menu = merchantMenu(1).filter((item) => item.path !== '/manage');

describe('快捷入口: the pages this merchant uses most', () => {
  it('gives a new merchant a few starter pages, not the whole menu', () => {
    const links = frequentPages(menu, {});
    expect(menu.length).toBeGreaterThan(SHORTCUT_COUNT);
    expect(links).toHaveLength(SHORTCUT_COUNT);
    const starters = MERCHANT_STARTER_PAGES.filter((path) => menu.some((item) => item.path === path));
    expect(links.map((item) => item.path)).toEqual(starters.slice(0, SHORTCUT_COUNT));
  });

  it('puts the most visited first and keeps only pages of the menu', () => {
    const links = frequentPages(menu, { '/help': 9, '/invoiceRecord': 4, '/adMerchant': 50 });
    expect(links.slice(0, 2).map((item) => item.path)).toEqual(['/help', '/invoiceRecord']);
    expect(links.map((item) => item.path)).not.toContain('/adMerchant');
    expect(links).toHaveLength(SHORTCUT_COUNT);
  });

  it('offers fewer when the menu is small (a sub-account with few pages)', () => {
    const small = menu.slice(0, 2);
    expect(frequentPages(small, {})).toHaveLength(2);
  });
});
