import { applyConfigJson, configJson } from '../../providers/appConfig';
import { peekEarlyResponse } from '../../providers/earlyResponse';
import { getSession } from '../../providers/sessionStore';
import { shownActions, splitActions } from '../../resources/actionRequest';
import { FIRST_PAINT_PAGES } from '../../resources/firstPaintPages';
import { RESOURCES } from '../../resources/index';
import { hasFirstPaint } from '../../resources/types';
import type { Page } from '../domain/codes';
import { productTitle } from '../domain/editions';
import { openedListPage } from './earlyList';
import { MIN_ACTION_ROW_HEIGHT, renderFirstPaint, rowsThatFit } from './firstPaintView';
import { appListShown, endFirstPaint } from './handoff';
import { visibleColumns } from './listParams';

/** The app takes over in about two seconds here; a picture older than this stands for an app that failed. */
const MAX_LIFETIME_MS = 15_000;

/**
 * The first paint of a declared list (adminBoot.ts, on a logged-in admin page): while the browser still
 * downloads and starts the app, draw in plain DOM the rows of the page boot.js asked for (earlyList.ts), which
 * the app takes too (providers/earlyResponse.ts); its list replaces the picture once it shows (handoff.ts).
 */
async function firstPaint(): Promise<void> {
  const path = window.location.pathname;
  const declaration = [...RESOURCES, ...FIRST_PAINT_PAGES].find((candidate) => `/${candidate.name}` === path);
  if (!declaration || !hasFirstPaint(declaration)) return;
  applyConfigJson(await configJson());
  const session = getSession();
  const page = openedListPage(declaration);
  if (!session || !page) return;
  const { params, url } = page;
  // boot.js asked for this page already (earlyList.ts); the app reads that answer, this script a clone of it,
  // made before the app starts (boot.js starts it once the picture is drawn).
  const early = peekEarlyResponse(url);
  if (!early) return;
  const copy = (await early).clone();
  if (!copy.ok) return;
  const envelope = (await copy.json()) as { code?: number; content?: Page<Record<string, unknown>> };
  const content = envelope.code === 1020000 ? envelope.content : undefined;
  if (!content || content.content.length === 0) return;
  if (window.location.pathname !== path || appListShown()) return;
  // Lists whose action cell holds more than the declared actions (documents, a custom list's own buttons) keep
  // an empty cell: the picture draws only what it can draw the same.
  const actionLabels =
    declaration.documents || declaration.customRowActions
      ? undefined
      : (record: Record<string, unknown>) => {
          // Laid out as the app lays them out (RowActions): past three, the rest under 「更多」.
          const { inline, more } = splitActions(shownActions(declaration, record, session.user), 0);
          return [...inline.map((action) => action.label), ...(more.length > 0 ? ['更多'] : [])];
        };
  const columns = visibleColumns(declaration, localStorage);
  const buttonRows =
    actionLabels !== undefined &&
    columns.includes('actions') &&
    content.content.some((row) => actionLabels(row).length);
  const picture = renderFirstPaint({
    path,
    productTitle: productTitle(session.platformMark),
    columns,
    sort: { field: params.sort?.field ?? '', order: params.sort?.order ?? 'ASC' },
    rows: content.content.slice(0, rowsThatFit(window.innerHeight, buttonRows ? MIN_ACTION_ROW_HEIGHT : undefined)),
    pageRows: content.content.length,
    total: content.totalElements,
    page: params.pagination?.page ?? 1,
    perPage: params.pagination?.perPage ?? content.content.length,
    actionLabels,
  });
  document.body.append(picture);
  leaveWhenOutdated(picture, path);
}

/** Gone when the app shows another page (it only changes the history) or has not taken over in time. */
function leaveWhenOutdated(picture: HTMLElement, path: string): void {
  const shownAt = Date.now();
  const timer = setInterval(() => {
    if (!picture.isConnected) clearInterval(timer);
    else if (window.location.pathname !== path || Date.now() - shownAt > MAX_LIFETIME_MS) endFirstPaint();
  }, 200);
}

/** Draws the picture when it can; settles once it is drawn or there will be none, never rejects. */
export function drawFirstPaint(): Promise<void> {
  return firstPaint().catch(() => {
    // Only a head start: whatever goes wrong here, the app loads and shows the list itself.
  });
}
