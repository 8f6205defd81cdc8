/**
 * The one table-footer text, 第 1-10 条，共 N 条: react-admin's ra.navigation.page_range_info (zh.ts), every
 * plain MUI table footer (src/theme.ts) and the first paint (src/boot). Its own module, so the login page's
 * theme does not pull in all of react-admin's Chinese messages.
 */
export const PAGE_RANGE_INFO = '第 %{offsetBegin}-%{offsetEnd} 条，共 %{total} 条';
