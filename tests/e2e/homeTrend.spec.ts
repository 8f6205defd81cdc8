import { expect, test } from '@playwright/test';
import { formatMoney } from '../../src/domain/money';
import { accessibilityProblems } from './support/axe';
import { loginAs } from './support/login';

/** Both home pages show 近30天趋势: the 30 days' totals and a line chart of top-ups, payouts and charges. */
async function trendTotal(page: import('@playwright/test').Page, key: 'topupAmount' | 'payoutAmount'): Promise<number> {
  return page.evaluate(async (metric) => {
    const answer = await (
      await fetch('/api/v1/home/trend', { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } })
    ).json();
    return (answer.content as Record<string, number>[]).reduce((sum, day) => sum + day[metric], 0);
  }, key);
}

for (const { who, home } of [
  { who: 'merchant', home: /\/manage$/ },
  { who: 'admin', home: /\/adMain$/ },
]) {
  test(`${who} 的首页显示近30天趋势：合计与折线图`, async ({ page }) => {
    await loginAs(page, who);
    await expect(page).toHaveURL(home);
    const card = page.getByRole('region', { name: '近30天趋势' });
    await expect(card).toBeVisible();
    const topups = await trendTotal(page, 'topupAmount');
    await expect(card).toContainText(`充值合计 ${formatMoney(topups)} 元`);
    const payouts = await trendTotal(page, 'payoutAmount');
    await expect(card).toContainText(`打款合计 ${formatMoney(payouts)} 元`);
    // The chart is drawn (an SVG with the three series named in its legend).
    await expect(card.locator('svg').first()).toBeVisible();
    for (const name of ['充值金额', '打款金额', '服务费']) await expect(card).toContainText(name);
    expect((await accessibilityProblems(page, '首页')).join('\n')).toBe('');
  });
}
