import { startConfigJson } from '../../providers/appConfig';
import { getToken } from '../../providers/sessionStore';
import { startEarlyList } from './earlyList';
import { firstPaintDrawn, onFirstPaintDone } from './handoff';
import type { ListRecipe } from './listRecipes';

/** Filled in at build time by scripts/bootPlugin.ts. */
declare const __LG_BOOT__: {
  entryFile: string;
  /** The chunks the entry imports statically (Vite's modulepreload list, moved here from index.html). */
  entryFiles: string[];
  adminFiles: string[];
  firstPaintFile: string;
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

function startApp(): void {
  modulepreload(BOOT.entryFiles);
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = BOOT.entryFile;
  appendToHead(entry);
}

/**
 * Runs first on every page and starts the app (index.html has no module script of its own; the CSP allows
 * no inline script, hence a file). On an admin page (not a public one, which must not download the admin)
 * a cold start would otherwise wait for the entry to run before learning that it needs config.json and the
 * admin chunks, so it starts them at once (the server's admin.html has asked for the chunks already; the admin
 * is a handful of chunks, scripts/shellChunks.ts). On a declared list with a session it also asks for the
 * list's first page as soon as config.json is there (earlyList.ts; the app takes the answer), and firstPaint.js
 * draws that page's rows while the chunks download; only running the chunks waits for the picture, as the app's
 * start-up holds this 2-core machine's main thread for a while.
 */
function boot(): void {
  const path = window.location.pathname;
  if (path === '/' || BOOT.publicPaths.includes(path)) {
    startApp();
    return;
  }
  startConfigJson();
  const recipe = getToken() && Object.hasOwn(BOOT.listRecipes, path) ? BOOT.listRecipes[path] : undefined;
  if (recipe) {
    startEarlyList(recipe).catch(() => {
      // Only a head start: the list asks for its page itself.
    });
  }
  if (!recipe || !firstPaintDrawn()) {
    startApp();
    modulepreload(BOOT.adminFiles);
    return;
  }
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startApp();
  };
  modulepreload([BOOT.entryFile, ...BOOT.entryFiles, ...BOOT.adminFiles]);
  onFirstPaintDone(startOnce);
  setTimeout(startOnce, FIRST_PAINT_DEADLINE_MS);
  const script = document.createElement('script');
  script.src = BOOT.firstPaintFile;
  // An inserted script is fetched at low priority, behind every chunk: it would come last.
  script.fetchPriority = 'high';
  script.onerror = startOnce;
  appendToHead(script);
}

boot();
