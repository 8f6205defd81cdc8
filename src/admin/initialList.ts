import type { DataProvider, GetListParams, GetListResult } from 'ra-core';
import { earlyResponseArrives } from '../../providers/earlyResponse';
import type { ListParams } from '../../providers/listRequest';
import type { AdminQueryClient } from '../../providers/queryClient';
import { RESOURCES } from '../../resources/index';
import { hasFirstPaint } from '../../resources/types';
import { openedListPage } from '../boot/earlyList';

/**
 * How long the app's first render may wait for the list's early answer. It is usually there already (asked for
 * by boot.js, src/boot/earlyList.ts, while the chunks downloaded); when it is not, the app renders at once and the
 * list takes the answer when it mounts, as before.
 */
const WAIT_MS = 100;

interface InitialList {
  path: string;
  resource: string;
  params: Required<ListParams>;
  result: GetListResult;
}

let initial: InitialList | undefined;

/**
 * On a cold start of a declared list, the list's first page through the data provider (which takes the boot
 * script's early answer) before the app renders, so the app's first render already has its rows (the
 * list otherwise mounted, asked, and rendered the whole page again). Nothing is lost when this gives up: the
 * list then asks as it always does.
 */
export async function loadInitialList(dataProvider: DataProvider): Promise<void> {
  const path = window.location.pathname;
  const declaration = RESOURCES.find((candidate) => `/${candidate.name}` === path);
  if (!declaration || !hasFirstPaint(declaration)) return;
  const page = openedListPage(declaration);
  if (!page || !(await earlyResponseArrives(page.url, WAIT_MS))) return;
  const { params } = page;
  try {
    const result = await dataProvider.getList(declaration.name, params as GetListParams);
    initial = { path, resource: declaration.name, params, result };
  } catch {
    // The list asks again when it mounts, and shows what went wrong itself.
  }
}

/** Puts the initial list page into the app's new query cache, once, if the app opens on that page. */
export function seedInitialList(client: AdminQueryClient): void {
  const taken = initial;
  initial = undefined;
  if (taken && taken.path === window.location.pathname) client.seedList(taken.resource, taken.params, taken.result);
}
