import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filterFormPlugin } from '../../scripts/filterFormPlugin';
import { pluginTransform } from '../support/pluginTransform';

const require = createRequire(import.meta.url);
// ra-core exports no package.json: its entry is dist/index.js.
const raCoreDir = path.dirname(path.dirname(require.resolve('ra-core')));
const filterLiveFormFile = path.join(raCoreDir, 'dist', 'form', 'FilterLiveForm.js');

function transform(code: string, id: string): { code: string } | null {
  return pluginTransform(filterFormPlugin(), code, id);
}

describe("ra-core's FilterLiveForm renders its inputs once as it mounts (scripts/filterFormPlugin.ts)", () => {
  const installed = readFileSync(filterLiveFormFile, 'utf8');

  it('no longer reads the form validity as it renders, and guards a submit with the errors of the form', () => {
    expect(installed).toContain('const { isValid } = formState;');
    const code = transform(installed, filterLiveFormFile)?.code ?? '';
    expect(code).not.toMatch(/\bisValid\b/);
    expect(code).toMatch(
      /const onSubmit = \(values\) => \{[\s\S]*?if \(Object\.keys\(formContext\.control\._formState\.errors\)\.length > 0\) \{\s*return;\s*\}\s*setFilters\(/,
    );
  });

  it("resets the form to the list's filters only when they differ by more than undefined against ''", () => {
    const code = transform(installed, filterLiveFormFile)?.code ?? '';
    expect(code).toMatch(/if \(!isEqual\(newValues, blank\(previousValues\)\)\) \{\s*reset\(newValues\);/);
    expect(code).not.toContain('if (!isEqual(newValues, previousValues))');
  });

  it('a FilterLiveForm without that code fails the build', () => {
    const changed = installed.replace('const { isValid } = formState;', 'const { isValid: valid } = formState;');
    expect(() => transform(changed, filterLiveFormFile)).toThrow(/FilterLiveForm has changed/);
  });

  it('leaves every other module alone', () => {
    expect(transform(installed, path.join(raCoreDir, 'dist', 'form', 'Form.js'))).toBeNull();
  });
});
