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

const NICE_STEPS = [1, 2, 2.5, 5, 10] as const;

/**
 * Even axis ticks: the step is 1, 2, 2.5 or 5 × 10ⁿ and every tick a multiple of it, so an axis reads
 * 0 5000 1万 1.5万 2万 and never 1万 1.2万 1.6万 2万 (the chart's own ticks are even, but it hides the labels that
 * collide, and what is left is uneven). The axis runs from the tick at or below the smallest value to the tick at
 * or above the largest, and always includes 0.
 */
export function evenTicks(values: readonly number[], maxTicks = 5): { min: number; max: number; ticks: number[] } {
  const finite = values.filter(Number.isFinite);
  let low = Math.min(0, ...finite);
  let high = Math.max(0, ...finite);
  if (low === high) high = low + 1;
  const intervals = Math.max(1, maxTicks - 1);
  const raw = (high - low) / intervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  // The smallest nice step that fits the range in the intervals allowed.
  const fits = (step: number) => Math.ceil(high / step - 1e-9) - Math.floor(low / step + 1e-9) <= intervals;
  const step = NICE_STEPS.map((factor) => factor * power).find(fits) ?? 10 * power;
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toPrecision(12)));
  low = ticks[0] ?? 0;
  high = ticks[ticks.length - 1] ?? 1;
  return { min: low, max: high, ticks };
}

/** Day (yyyy-mm-dd) or month (yyyy-mm) categories: the year goes when every category has the same one. */
export function shortDateLabels(categories: readonly string[]): (category: string) => string {
  const years = new Set(categories.map((category) => category.slice(0, 4)));
  const dated = categories.every((category) => /^\d{4}-\d{2}(-\d{2})?$/.test(category));
  if (!dated || years.size !== 1) return (category) => category;
  return (category) => (category.length === 10 ? category.slice(5) : `${Number(category.slice(5))}月`);
}
