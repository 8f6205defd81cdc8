import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';

// Chinese date pickers with quick ranges; a half-filled or reversed range runs no query.

function batchSearches(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/remittances/batch/search')) urls.push(decodeURIComponent(request.url()));
  });
  return urls;
}

/** Types a date into a picker's field (year, month and day sections move on by themselves). */
async function typeDate(page: Page, label: string, digits: string) {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

test('日期范围筛选：中文日历、快捷范围，半填或倒置的范围不查询', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  const searches = batchSearches(page);
  await page.goto('/adTransferLot');
  const range = page.getByRole('group', { name: '提交时间', exact: true });
  await expect(range).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  for (const quick of ['今天', '近7天', '本月', '上月']) {
    await expect(range.getByRole('button', { name: quick, exact: true })).toBeVisible();
  }

  // The calendar is Chinese.
  await range.getByRole('button', { name: '选择日期' }).first().click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/[一二三四五六日]/);
  await expect(calendar.getByText(/\d{4}年|月/).first()).toBeVisible();
  await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
  await expect(calendar).toHaveCount(0);

  // Only a start: the message, and no query with the start.
  await expect(range.getByRole('alert')).toHaveText('请选择结束时间');
  await page.waitForTimeout(1000);
  expect(searches.filter((url) => url.includes('stime'))).toEqual([]);

  // An end before the start is refused.
  await typeDate(page, '提交时间止', '20200101');
  await expect(range.getByRole('alert')).toHaveText('结束时间不能早于开始时间');
  await page.waitForTimeout(1000);
  expect(searches.filter((url) => url.includes('stime'))).toEqual([]);

  // A quick range fills both ends and filters.
  await range.getByRole('button', { name: '上月' }).click();
  await expect(range.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(() => searches.filter((url) => /stime:\d{4}-\d{2}-01;?.*etime:\d{4}-\d{2}-\d{2}/.test(url)).length)
    .toBeGreaterThan(0);
  await expect(page).toHaveURL(/stime/);
});

test('系统维护的起止时间用日期时间选择器', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adSystemMaintainAdmin/create');
  await page.getByRole('textbox', { name: '标题' }).fill('周末例行维护');
  const start = page.getByRole('group', { name: '开始时间' });
  await expect(start).toBeVisible();
  await start.getByRole('spinbutton').first().click();
  await page.keyboard.type('20261201080000');
  await page.getByRole('button', { name: '保存' }).click();
  // The picker kept the typed time in the API's format; the empty end is named.
  await expect(page.getByText('请选择结束时间')).toBeVisible();
  await expect(start.getByRole('spinbutton').first()).toHaveText('2026');
  await page.getByRole('group', { name: '结束时间' }).getByRole('button', { name: /选择/ }).click();
  const picker = page.getByRole('dialog', { name: '结束时间' });
  await expect(picker.getByRole('grid', { name: /月 \d{4}/ })).toBeVisible();
  await expect(picker.getByRole('listbox', { name: '选择 小时' })).toBeVisible();
  await picker.getByRole('gridcell', { name: '2', exact: true }).click();
  await picker.getByRole('option', { name: '18小时' }).click();
  await picker.getByRole('button', { name: '确认' }).click();
  await expect(page.getByRole('group', { name: '结束时间' }).getByRole('spinbutton', { name: '时' })).toHaveText('18');
});
