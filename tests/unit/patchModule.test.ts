import { describe, expect, it } from 'vitest';
import { patchModule } from '../../scripts/patchModule';
import { pluginTransform } from '../support/pluginTransform';

function run(code: string, id: string, replace = 'b()') {
  const plugin = patchModule({
    name: 'test',
    file: /[\\/]dep[\\/]index\.js$/,
    patches: [{ find: 'a()', replace }],
    changed: 'dep changed',
  });
  return pluginTransform(plugin, code, id);
}

describe('patchModule (a build-time change to a dependency)', () => {
  it('replaces the code that occurs exactly once, literally', () => {
    expect(run('x(); a(); y();', '/n/dep/index.js')?.code).toBe('x(); b(); y();');
    // `$&` and the like are not replacement patterns here.
    expect(run('a();', '/n/dep/index.js', '$&$1')?.code).toBe('$&$1;');
  });

  it('fails the build when the code is missing or occurs twice', () => {
    expect(() => run('x();', '/n/dep/index.js')).toThrow('dep changed');
    expect(() => run('a(); a();', '/n/dep/index.js')).toThrow('dep changed');
  });

  it('leaves other modules alone', () => {
    expect(run('a();', '/n/other/index.js')).toBeNull();
  });
});
