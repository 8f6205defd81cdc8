import { startConfigJson } from '../../providers/appConfig';
import { getToken } from '../../providers/sessionStore';
import { startEarlyList } from './earlyList';
import { firstPaintDrawn } from './handoff';
import type { ListRecipe } from './listRecipes';

/** Filled in at build time by scripts/bootPlugin.ts. */
declare const __LG_BOOT__: {
  entryFile: string;
  /** The chunks the entry imports statically (Vite's modulepreload list, moved here from index.html). */
  entryFiles: string[];
  adminFiles: string[];
  /** The lists with a first paint, by path: how to ask for their first page (listRecipes.ts). */
  listRecipes: Record<string, ListRecipe>;
  publicPaths: string[];
};

// One reference, so the bundler writes the lists once.
const BOOT = __LG_BOOT__;

/** How long the app may wait for the first paint of a list before it starts anyway. */
const FIRST_PAINT_DEADLINE_MS = 1000;

function appendToHead(node: HTMLElement): void {
  document.head.append(node);
}

function modulepreload(files: readonly string[]): void {
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    appendToHead(link);
  }
}

function startApp(chunksPreloaded: boolean): void {
  if (!chunksPreloaded) modulepreload(BOOT.entryFiles);
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = BOOT.entryFile;
  appendToHead(entry);
}

export interface BootOptions {
  /** Draws the opened list's first page while the app downloads (admin.html's boot only, firstPaint.ts). */
  drawFirstPaint?: () => Promise<void>;
  /**
   * The page's head preloads the entry and the admin chunks already (admin.html, scripts/bootPlugin.ts): asking
   * again only adds link elements and requests the browser answers from its preload cache.
   */
  chunksPreloaded?: boolean;
}

/**
 * Runs first on every page and starts the app (the pages have no module script of their own: publicBoot.ts is a
 * file in index.html, adminBoot.ts inline in admin.html, which the CSP allows by its hash). On an admin page (not a
 * public one, which must not download the admin) a cold start would otherwise wait for the entry to run before
 * learning that it needs config.json and the admin chunks, so it starts them at once (admin.html has asked for
 * the chunks already; the admin is a handful of chunks, scripts/shellChunks.ts). On a declared list with a
 * session it also asks for the list's first page at once (earlyList.ts; the app takes the answer), and
 * `drawFirstPaint` (admin.html's boot only) draws that page's rows while the chunks download; only running the
 * chunks waits for the picture, as the app's start-up holds this 2-core machine's main thread for a while.
 */
export function boot({ drawFirstPaint, chunksPreloaded = false }: BootOptions = {}): void {
  const path = window.location.pathname;
  if (path === '/' || BOOT.publicPaths.includes(path)) {
    startApp(chunksPreloaded);
    return;
  }
  startConfigJson();
  const recipe = getToken() && Object.hasOwn(BOOT.listRecipes, path) ? BOOT.listRecipes[path] : undefined;
  if (recipe) {
    startEarlyList(recipe).catch(() => {
      // Only a head start: the list asks for its page itself.
    });
  }
  if (!recipe || !drawFirstPaint || !firstPaintDrawn()) {
    startApp(chunksPreloaded);
    if (!chunksPreloaded) modulepreload(BOOT.adminFiles);
    return;
  }
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startApp(chunksPreloaded);
  };
  if (!chunksPreloaded) modulepreload([BOOT.entryFile, ...BOOT.entryFiles, ...BOOT.adminFiles]);
  setTimeout(startOnce, FIRST_PAINT_DEADLINE_MS);
  void drawFirstPaint().finally(startOnce);
}
