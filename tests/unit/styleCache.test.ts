import { describe, expect, it } from 'vitest';
import { refusedRule } from '../../src/shell/styleCache';

// What Chromium's parser accepts among the prefixed pseudos stylis and MUI write (CSS.supports in Chromium 156).
const CHROMIUM = new Set(['::-webkit-input-placeholder', '::-webkit-search-decoration', ':-webkit-autofill']);
const chromium = (pseudo: string) => CHROMIUM.has(pseudo);
const GECKO = new Set(['::-moz-placeholder', '::-moz-focus-inner']);
const gecko = (pseudo: string) => GECKO.has(pseudo);

describe('refusedRule: the rules the browser would refuse, left out of emotion’s sheet', () => {
  it('refuses a rule with a pseudo the browser lacks, wherever it stands in the selector', () => {
    expect(refusedRule('.css-1::-moz-placeholder{opacity:0.42;}', chromium)).toBe(true);
    expect(refusedRule('.css-1::-ms-input-placeholder{opacity:0.42;}', chromium)).toBe(true);
    expect(refusedRule('.css-1::-moz-focus-inner{border-style:none;}', chromium)).toBe(true);
    expect(
      refusedRule(
        'label[data-shrink=false]+.MuiInputBase-formControl .css-1:focus::-moz-placeholder{opacity:0;}',
        chromium,
      ),
    ).toBe(true);
    // One unknown selector makes the whole list invalid.
    expect(refusedRule('.a::placeholder,.b::-moz-placeholder{color:red;}', chromium)).toBe(true);
  });

  it('keeps what the browser knows, and the same rule in another browser', () => {
    expect(refusedRule('.css-1::-webkit-input-placeholder{opacity:0.42;}', chromium)).toBe(false);
    expect(refusedRule('.css-1:-webkit-autofill{animation-name:mui-auto-fill;}', chromium)).toBe(false);
    expect(refusedRule('.css-1::-moz-focus-inner{border-style:none;}', gecko)).toBe(false);
    expect(refusedRule('.css-1::-webkit-search-decoration{appearance:none;}', gecko)).toBe(true);
  });

  it('judges the selector only, not prefixed values, at-rules or prefixed pseudo-classes with arguments', () => {
    expect(refusedRule('.css-1{display:-moz-inline-box;-moz-appearance:none;}', chromium)).toBe(false);
    expect(refusedRule('.css-1::placeholder{color:currentColor;}', chromium)).toBe(false);
    expect(refusedRule('@media (hover: none){.css-1::-moz-placeholder{opacity:0;}}', chromium)).toBe(false);
    expect(refusedRule('@-webkit-keyframes spin{from{transform:rotate(0);}}', chromium)).toBe(false);
    expect(refusedRule('.css-1:-moz-any(a, b){color:red;}', chromium)).toBe(false);
  });
});
