import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dates are picked with the Chinese MUI X pickers (resources/generator/DateFields.tsx), never
 * with the browser's native date / month / time inputs (shown mm/dd/yyyy in an English browser) nor react-admin's
 * DateInput family, which renders those same native inputs.
 */
const ROOT = join(__dirname, '../..');
const NATIVE_TYPE = /\btype\s*[=:]\s*\{?\s*["'`](date|month|week|time|datetime-local)["'`]/;
const NATIVE_INPUT = /\b(DateInput|DateTimeInput|TimeInput)\b/;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|jsx?|html)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Lines that render a native date input; a declared field's `type: 'date'` is rendered by PickerInput. */
function nativeDateLines(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const isJsx = /\.(tsx|jsx|html)$/.test(file);
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(
      ({ line }) => (isJsx && NATIVE_TYPE.test(line)) || (/['"]react-admin['"]/.test(text) && NATIVE_INPUT.test(line)),
    )
    .map(({ line, number }) => `${relative(ROOT, file)}:${number}: ${line.trim()}`);
}

describe('date inputs', () => {
  it('the check itself finds a native date, month or react-admin date input', () => {
    expect(NATIVE_TYPE.test('<TextField type="date" />')).toBe(true);
    expect(NATIVE_TYPE.test("slotProps={{ htmlInput: { type: 'month' } }}")).toBe(true);
    expect(NATIVE_TYPE.test('<input type={"datetime-local"} />')).toBe(true);
    expect(NATIVE_TYPE.test('<TextField type="number" />')).toBe(false);
    expect(NATIVE_INPUT.test('<DateInput source="day" />')).toBe(true);
  });

  it('no page or generated form in src/ or resources/ uses a native date, month or time input', () => {
    const found = [...sources('src'), ...sources('resources')].flatMap(nativeDateLines);
    expect(found).toEqual([]);
  });
});
