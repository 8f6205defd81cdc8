import { PAGE_RANGE_INFO } from '../../i18n/pageRange';
import { cellAlign, cellText } from '../../resources/cellText';
import { cellBoxStyle, cellMayClip } from '../../resources/columnGeometry';
import type { FieldDeclaration } from '../../resources/types';
import { THEME_TOKENS as T } from '../themeTokens';
import { FIRST_PAINT_ID } from './handoff';
import type { Column } from './listParams';

export interface FirstPaintPage {
  path: string;
  productTitle: string;
  columns: readonly Column[];
  sort: { field: string; order: string };
  /** The rows to draw: the page's first ones, as many as the window shows (rowsThatFit). */
  rows: readonly Record<string, unknown>[];
  /** How many rows the page has (its range text). */
  pageRows: number;
  total: number;
  page: number;
  perPage: number;
  /** The labels of a row's declared actions the user sees (resources/actionRequest.ts shownActions). */
  actionLabels?: (record: Record<string, unknown>) => readonly string[];
}

// The same geometry as the app's layout and MUI's small table, so the hand-over does not move the rows (on a
// phone-sized screen react-admin hides the menu).
const STYLE = `
#${FIRST_PAINT_ID}{position:absolute;inset:0 0 auto 0;min-height:100vh;z-index:1100;background:${T.background};
  font-family:${T.fontFamily};color:rgba(0,0,0,.87);cursor:progress}
#${FIRST_PAINT_ID} .bar{height:${T.appBarHeight}px;background:${T.primary};color:#fff;display:flex;align-items:center;
  padding:0 16px 0 53px;font-size:20px;font-weight:500;box-shadow:0 2px 4px -1px rgba(0,0,0,.2)}
#${FIRST_PAINT_ID} .main{margin-left:${T.sidebarWidth}px;padding:64px 8px 0}
#${FIRST_PAINT_ID} .card{background:#fff;border-radius:4px}
#${FIRST_PAINT_ID} .scroll{overflow-x:auto}
#${FIRST_PAINT_ID} table{width:100%;border-collapse:collapse;font-size:14px;line-height:1.43}
#${FIRST_PAINT_ID} th{height:38px;box-sizing:border-box;font-weight:500;line-height:24px;text-align:left;padding:6px 16px;border-bottom:1px solid #e0e0e0;white-space:nowrap}
#${FIRST_PAINT_ID} td{padding:6px 16px;border-bottom:1px solid #e0e0e0}
#${FIRST_PAINT_ID} .right{text-align:right}
#${FIRST_PAINT_ID} .acts{display:flex;gap:4px;flex-wrap:nowrap}
#${FIRST_PAINT_ID} .act{display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;
  min-width:64px;padding:4px 5px;font-size:0.8125rem;line-height:1.75;font-weight:500;letter-spacing:0.02857em;
  color:${T.primary};white-space:nowrap}
#${FIRST_PAINT_ID} .range{height:52px;display:flex;align-items:center;justify-content:flex-end;padding:0 24px;font-size:14px}
@media (max-width:599.95px){#${FIRST_PAINT_ID} .main{margin-left:0}}
`;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A cell's text in the same box as the app's (generator/fields.tsx), so columns get the same widths. */
function cell(column: FieldDeclaration, record: Record<string, unknown>): HTMLElement {
  const td = element('td', undefined, columnClass(column));
  const text = cellText(column, record);
  const box = element('span', text);
  Object.assign(box.style, cellBoxStyle(column));
  if (text && cellMayClip(column)) box.title = text;
  td.append(box);
  return td;
}

/**
 * The row's declared actions as text in the box of the app's small buttons (generator/RowActions.tsx), so the
 * column is as wide as the app's and the row as high; they become buttons when the app takes over.
 */
function actionsCell(labels: readonly string[]): HTMLElement {
  const td = element('td');
  if (labels.length === 0) return td;
  const box = element('div', undefined, 'acts');
  for (const label of labels) box.append(element('span', label, 'act'));
  td.append(box);
  return td;
}

/** react-admin's own column class (column-<source>), so the picture reads like the list it stands for. */
function columnClass(column: FieldDeclaration): string {
  return `column-${column.source}${cellAlign(column) === 'right' ? ' right' : ''}`;
}

function headerText(label: string, source: string, sort: FirstPaintPage['sort']): string {
  if (sort.field !== source) return label;
  return `${label} ${sort.order === 'DESC' ? '↓' : '↑'}`;
}

/** A row of the small table is 33 px high (6 + 20 + 6 px and its border); a lower bound errs on more rows. */
const MIN_ROW_HEIGHT = 32;
/** A row with action buttons: a small button is 30.75 px (13 px × 1.75 + 2 × 4 px), so the row about 44 px. */
export const MIN_ACTION_ROW_HEIGHT = 42;

/**
 * How many rows the window can show below the bar and the table head. The picture draws no more: rows below the
 * fold cannot be seen before the app replaces them, and at 200 rows drawing them all cost the app's start about
 * 180 ms.
 */
export function rowsThatFit(windowHeight: number, rowHeight = MIN_ROW_HEIGHT): number {
  return Math.max(1, Math.ceil((windowHeight - T.appBarHeight) / rowHeight));
}

export function rangeText(page: number, perPage: number, shown: number, total: number): string {
  const begin = (page - 1) * perPage + 1;
  return PAGE_RANGE_INFO.replace('%{offsetBegin}', String(begin))
    .replace('%{offsetEnd}', String(begin + shown - 1))
    .replace('%{total}', String(total));
}

/** A plain-DOM picture of the list's first page (text only; nothing is clickable until the app takes over). */
export function renderFirstPaint(page: FirstPaintPage): HTMLElement {
  const root = element('div');
  root.id = FIRST_PAINT_ID;
  root.dataset.path = page.path;
  // A picture of what the app is about to show: assistive technology waits for the real list.
  root.setAttribute('aria-hidden', 'true');
  root.append(element('style', STYLE), element('div', page.productTitle, 'bar'));

  const head = element('tr');
  for (const column of page.columns) {
    head.append(
      column === 'actions'
        ? element('th', '操作')
        : column === 'select'
          ? element('th')
          : element('th', headerText(column.label, column.source, page.sort), columnClass(column)),
    );
  }
  const body = element('tbody');
  for (const record of page.rows) {
    const row = element('tr');
    for (const column of page.columns) {
      if (column === 'actions') row.append(actionsCell(page.actionLabels?.(record) ?? []));
      else row.append(column === 'select' ? element('td') : cell(column, record));
    }
    body.append(row);
  }
  const table = element('table');
  table.append(element('thead'), body);
  table.tHead?.append(head);

  const card = element('div', undefined, 'card');
  const scroll = element('div', undefined, 'scroll');
  scroll.append(table);
  card.append(scroll, element('div', rangeText(page.page, page.perPage, page.pageRows, page.total), 'range'));
  const main = element('div', undefined, 'main');
  main.append(card);
  root.append(main);
  return root;
}
