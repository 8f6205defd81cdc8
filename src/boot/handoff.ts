/**
 * The first paint (firstPaint.ts) shows a list's first page before the app has loaded; the app's list
 * removes it as soon as it has its own data (resources/generator/ListFirstPaintHandoff.tsx). The first
 * paint also leaves by itself when the app goes to another page (a redirect to /login) or never comes.
 */
export const FIRST_PAINT_ID = 'lg-first-paint';

type HandoffWindow = { __lgListShown?: boolean };

/** The app's list has shown its data: drop the first paint, and keep a late one from appearing. */
export function endFirstPaint(): void {
  (window as HandoffWindow).__lgListShown = true;
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

export function appListShown(): boolean {
  return (window as HandoffWindow).__lgListShown === true;
}

/**
 * localStorage `lg.firstPaint` = `off`: the early list request without the picture, and the app starts at
 * once instead of after it (so the app may ask before the early request is published, and then asks itself);
 * bench/listFirstRow.ts measures the app with and without the picture this way.
 */
export const FIRST_PAINT_SWITCH = 'lg.firstPaint';

export function firstPaintDrawn(): boolean {
  try {
    return localStorage.getItem(FIRST_PAINT_SWITCH) !== 'off';
  } catch {
    return true;
  }
}
