import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * A vendor-prefixed pseudo-class or pseudo-element in a selector: stylis's prefixer writes ::-moz-placeholder and
 * ::-ms-input-placeholder beside every ::placeholder, and MUI's ButtonBase a ::-moz-focus-inner rule.
 */
const VENDOR_PSEUDO = /::?-(?:webkit|moz|ms|o)-[\w-]+/g;

type SelectorSupport = (pseudo: string) => boolean;

/**
 * Whether the browser would refuse this rule: a selector list with one selector it does not know is invalid as a
 * whole, so Chromium refuses every -moz- and -ms- rule, Firefox every -webkit- pseudo-element it lacks.
 * Only plain rules are judged (an at-rule's text is passed through), and a prefixed pseudo-class with arguments
 * is left to the browser.
 */
export function refusedRule(rule: string, supports: SelectorSupport): boolean {
  if (rule.startsWith('@')) return false;
  const brace = rule.indexOf('{');
  if (brace < 0) return false;
  const selector = rule.slice(0, brace);
  for (const match of selector.matchAll(VENDOR_PSEUDO)) {
    if (selector[match.index + match[0].length] === '(') continue;
    if (!supports(match[0])) return true;
  }
  return false;
}

/** This browser's answer per prefixed pseudo, asked once; everything passes where CSS.supports cannot tell. */
function browserSelectorSupport(): SelectorSupport {
  const canTell =
    typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('selector(::placeholder)');
  if (!canTell) return () => true;
  const known = new Map<string, boolean>();
  return (pseudo) => {
    let supported = known.get(pseudo);
    if (supported === undefined) {
      supported = CSS.supports(`selector(${pseudo})`);
      known.set(pseudo, supported);
    }
    return supported;
  };
}

/**
 * emotion's cache for the whole app, which leaves out the rules this browser would refuse. emotion inserts
 * each rule with insertRule and swallows the exception a refused one throws: 14 of the 408 rules of a cold
 * /adMerchant in Chromium, and with developer tools attached (as in the benchmarks) they took as long to refuse
 * as the 394 others to insert (12.5 against 13.0 ms), the exception's stack being captured each time.
 */
export function createStyleCache(supports: SelectorSupport = browserSelectorSupport()): EmotionCache {
  const cache = createCache({ key: 'css' });
  const sheet = cache.sheet;
  const insert = sheet.insert.bind(sheet);
  sheet.insert = (rule: string) => {
    if (!refusedRule(rule, supports)) insert(rule);
  };
  return cache;
}
