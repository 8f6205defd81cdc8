import { boot } from './boot';
import { drawFirstPaint } from './firstPaint';

/**
 * admin.html's boot (every admin page), inline in the page (scripts/bootPlugin.ts): boot.ts with the first paint in
 * the same script. A separate firstPaint.js was asked for only once boot.js had run, and its parse waited on the
 * browser's background thread behind the admin chunks': the picture came 80 ms later and the app, which
 * waits for it, 180 ms later. admin.html's head preloads the entry and the admin chunks, so the boot does not ask
 * for them again.
 */
boot({ drawFirstPaint, chunksPreloaded: true });
