import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formSubscriptionPlugin } from '../../scripts/formSubscriptionPlugin';
import { pluginTransform } from '../support/pluginTransform';

const require = createRequire(import.meta.url);
const rhfFile = path.join(path.dirname(require.resolve('react-hook-form/package.json')), 'dist', 'index.esm.mjs');

function transform(code: string, id: string): { code: string } | null {
  return pluginTransform(formSubscriptionPlugin(), code, id);
}

/** The body of useForm in a build of react-hook-form. */
function useFormOf(code: string): string {
  const start = code.indexOf('function useForm(');
  return code.slice(start, code.indexOf('\n}\n', start));
}

describe("react-hook-form's useForm subscribes after the commit (scripts/formSubscriptionPlugin.ts)", () => {
  const installed = readFileSync(rhfFile, 'utf8');

  it('the installed react-hook-form has the effect: useForm then runs no layout effect of its own', () => {
    expect(useFormOf(installed)).toContain('useIsomorphicLayoutEffect(');
    const result = transform(installed, rhfFile);
    expect(result).not.toBeNull();
    const useForm = useFormOf(result?.code ?? '');
    expect(useForm).not.toContain('useIsomorphicLayoutEffect(');
    // Marked ready with the form's state as it is when it subscribes, not the state it had when it rendered...
    expect(useForm).toMatch(
      /const readyState = \{\s*\.\.\.control\._formState,\s*defaultValues: control\._defaultValues,\s*isReady: true,\s*\}/,
    );
    // ...and only when a part of it that the form's components read (react-hook-form's proxy) has changed.
    expect(useForm).toMatch(
      /if \(Object\.keys\(readyState\)\.some\(\(key\) => control\._proxyFormState\[key\] && differs\(key\)\)\) \{\s*updateFormState\(readyState\);/,
    );
    expect(useForm).not.toContain('updateFormState((data) => ({');
    // Only useForm changes: the other hooks keep their layout effects.
    expect(result?.code.split('useIsomorphicLayoutEffect(').length).toBe(
      installed.split('useIsomorphicLayoutEffect(').length - 1,
    );
  });

  it('a react-hook-form without that effect fails the build instead of keeping the second render silently', () => {
    const changed = installed.replace('updateFormState((data) => ({', 'updateFormState((state) => ({');
    expect(() => transform(changed, rhfFile)).toThrow(/react-hook-form's useForm subscription effect has changed/);
  });

  it('leaves every other module alone', () => {
    expect(transform(installed, '/app/node_modules/other/index.mjs')).toBeNull();
  });
});
