import { expect, type Page, test } from '@playwright/test';
import { RATE_MSG } from '../../src/domain/rates';
import { loginAs } from './support/login';
import { clickRowAction } from './support/rowActions';
import { withServerDb } from './support/serverDb';

/**
 * 企业费率调整: a rate is typed as a percentage (6.5), stored as the API's 1/10000 (650) and listed as 6.50%; a
 * rate with three decimals or above 100 % is refused on the field in Chinese. The change starts tomorrow and is
 * withdrawn at the end, so no payout of another spec is charged at it.
 */

/** Tomorrow in China time, as the date picker's digits (YYYYMMDD) and as stored (YYYY-MM-DD). */
function tomorrow(): { digits: string; day: string } {
  const day = new Date(Date.now() + (8 + 24) * 3600_000).toISOString().slice(0, 10);
  return { digits: day.replace(/-/g, ''), day };
}

async function typeDate(page: Page, label: string, digits: string) {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

test('企业费率调整：按百分比输入费率（6.5 → 650），列表显示 6.50%，超出范围或三位小数被拒绝', async ({ page }) => {
  test.setTimeout(60_000);
  const company = await withServerDb((db) =>
    db.selectFrom('companies').select(['id', 'name']).where('id', '=', 1).executeTakeFirstOrThrow(),
  );
  const remark = `百分比费率${Date.now() % 100000}`;
  const { digits, day } = tomorrow();
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adJcyHappyElimination/create');
  const picker = page.getByRole('combobox', { name: '企业' });
  await picker.fill(company.name.slice(0, 4));
  await page.getByRole('option', { name: company.name, exact: true }).click();
  await page.getByRole('combobox', { name: '版本' }).click();
  await page.getByRole('option', { name: '标准版' }).click();
  await typeDate(page, '生效日期', digits);
  await page.getByRole('textbox', { name: '调整说明' }).fill(remark);

  const rate = page.getByRole('textbox', { name: '服务费率' });
  for (const wrong of ['6.505', '100.5', 'abc']) {
    await rate.fill(wrong);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(RATE_MSG.invalid)).toBeVisible();
    await expect(page).toHaveURL(/\/adJcyHappyElimination\/create$/);
  }
  await rate.fill('6.5');
  await expect(page.getByText(RATE_MSG.invalid)).toHaveCount(0);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adJcyHappyElimination(\?.*)?$/);

  const stored = await withServerDb((db) =>
    db
      .selectFrom('service_rates')
      .select(['id', 'rate', 'effective_date'])
      .where('remark', '=', remark)
      .executeTakeFirstOrThrow(),
  );
  expect(stored.rate).toBe(650);
  expect(String(stored.effective_date).slice(0, 10)).toBe(day);

  await expect(page.getByRole('columnheader', { name: '服务费率' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /万分之/ })).toHaveCount(0);
  const row = page.locator('tbody tr').filter({ hasText: remark });
  await expect(row.locator('td.column-rate')).toHaveText('6.50%');

  // Not yet in force: withdrawn, so it charges nothing.
  await clickRowAction(page, row, '撤销');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toHaveCount(0);
  const left = await withServerDb((db) =>
    db.selectFrom('service_rates').select('id').where('id', '=', stored.id).executeTakeFirst(),
  );
  expect(left).toBeUndefined();
});
