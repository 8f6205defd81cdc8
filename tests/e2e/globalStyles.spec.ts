import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';

// MUI's inputs tell an autofilled value by an animation whose keyframes MUI would add in a style element of their
// own with every input mounted, and remove with it: a style sheet added or removed per filter whenever the list
// changes, each a style recalculation of the whole page. The theme keeps them in the baseline styles instead
// (src/theme.ts), so the inputs still carry the animation and changing lists adds and removes no style element.

/** Style sheets holding the keyframes (emotion writes each twice in one sheet, with and without -webkit-). */
function sheetsWithAutoFill(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.styleSheets].filter((sheet) =>
        [...sheet.cssRules].some((rule) => rule instanceof CSSKeyframesRule && rule.name === 'mui-auto-fill'),
      ).length,
  );
}

function watchStyleElements(page: Page): Promise<void> {
  return page.evaluate(() => {
    const target = window as unknown as { __styleChanges: string[] };
    target.__styleChanges = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof HTMLStyleElement) target.__styleChanges.push('+');
        for (const node of record.removedNodes) if (node instanceof HTMLStyleElement) target.__styleChanges.push('-');
      }
    }).observe(document.head, { childList: true });
  });
}

test('输入框的自动填充动画：关键帧在基础样式里，输入框仍带动画；切换列表不增删样式表', async ({ page }) => {
  await page.goto('/login');
  const account = page.getByLabel('账号');
  await expect(account).toBeVisible();
  expect(await account.evaluate((input) => getComputedStyle(input).animationName)).toBe('mui-auto-fill-cancel');
  // Two inputs on the page, one sheet: the baseline's.
  expect(await sheetsWithAutoFill(page)).toBe(1);

  await loginAs(page, 'admin', { path: '/login?Rurl=%2FadMerchant' });
  await expect(page).toHaveURL(/\/adMerchant$/);
  await expect(page.locator('.RaDatagrid-root tbody tr td').first()).toBeVisible();
  // The list's filters mount just after its rows.
  await expect(page.getByRole('group', { name: '注册时间止' })).toBeAttached();
  const name = page.getByRole('textbox', { name: '企业名称' });
  expect(await name.evaluate((input) => getComputedStyle(input).animationName)).toBe('mui-auto-fill-cancel');
  // The app's baseline and react-admin's, whatever the number of inputs.
  expect(await sheetsWithAutoFill(page)).toBe(2);

  await watchStyleElements(page);
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '主体信息' }).click();
  await expect(page).toHaveURL(/\/adTheMainInformation$/);
  await expect(page.locator('.RaDatagrid-root tbody tr td').first()).toBeVisible();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '商户管理' }).click();
  await expect(page).toHaveURL(/\/adMerchant$/);
  await expect(page.locator('.RaDatagrid-root tbody tr td').first()).toBeVisible();
  await expect(page.getByRole('group', { name: '注册时间止' })).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __styleChanges: string[] }).__styleChanges)).toEqual([]);
});

test('emotion 不再插入浏览器会拒绝的样式规则（-moz-、-ms- 前缀的伪元素），浏览器认得的规则照常都在', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const target = window as unknown as { __refused: string[] };
    target.__refused = [];
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      try {
        return insertRule.call(this, rule, index);
      } catch (error) {
        target.__refused.push(rule);
        throw error;
      }
    };
  });
  await loginAs(page, 'admin', { path: '/login?Rurl=%2FadMerchant' });
  await expect(page).toHaveURL(/\/adMerchant$/);
  await expect(page.getByRole('group', { name: '注册时间止' })).toBeAttached();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '主体信息' }).click();
  await expect(page.locator('.RaDatagrid-root tbody tr td').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __refused: string[] }).__refused)).toEqual([]);

  const selectors = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules].flatMap((rule) => (rule instanceof CSSStyleRule ? [rule.selectorText] : [])),
    ),
  );
  // The inputs' placeholder rules (stylis 4.2 writes ::placeholder as its three prefixed forms) and the buttons'
  // styles are in.
  expect(selectors.some((selector) => selector.endsWith('::-webkit-input-placeholder'))).toBe(true);
  expect(selectors.some((selector) => /-moz-|-ms-/.test(selector))).toBe(false);
  const submit = page.getByRole('button', { name: '导出 EXCEL' });
  expect(await submit.evaluate((button) => getComputedStyle(button).cursor)).toBe('pointer');
});
