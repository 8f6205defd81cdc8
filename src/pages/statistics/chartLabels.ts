/**
 * Axis labels that fit their axis: chart axes have a fixed width and MUI truncates what does
 * not fit ("300,…", "202…"), so ticks say yuan in 万 / 亿 and dates without a year every category shares.
 */
export function compactYuan(yuan: number): string {
  const magnitude = Math.abs(yuan);
  const trim = (value: number) => String(Number(value.toFixed(2)));
  if (magnitude >= 100_000_000) return `${trim(yuan / 100_000_000)}亿`;
  if (magnitude >= 10_000) return `${trim(yuan / 10_000)}万`;
  return trim(yuan);
}

/** Day (yyyy-mm-dd) or month (yyyy-mm) categories: the year goes when every category has the same one. */
export function shortDateLabels(categories: readonly string[]): (category: string) => string {
  const years = new Set(categories.map((category) => category.slice(0, 4)));
  const dated = categories.every((category) => /^\d{4}-\d{2}(-\d{2})?$/.test(category));
  if (!dated || years.size !== 1) return (category) => category;
  return (category) => (category.length === 10 ? category.slice(5) : `${Number(category.slice(5))}月`);
}
