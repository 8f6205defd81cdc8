import type { Plugin } from 'vite';

export interface Patch {
  /** Code the module must hold exactly once. */
  find: string;
  replace: string;
}

/**
 * A build-time change to a dependency's module (`file`): each `find` must occur exactly once, or the build fails
 * with `changed`, so an upgrade of the dependency is looked at again instead of keeping the old behaviour silently.
 * The dev server pre-bundles dependencies unchanged: only a difference in speed.
 */
export function patchModule(options: {
  name: string;
  file: RegExp;
  patches: readonly Patch[];
  changed: string;
}): Plugin {
  return {
    name: options.name,
    transform(code, id) {
      if (!options.file.test(id)) return null;
      let patched = code;
      for (const { find, replace } of options.patches) {
        const at = patched.indexOf(find);
        if (at < 0 || patched.indexOf(find, at + 1) >= 0) this.error(options.changed);
        patched = patched.replace(find, () => replace);
      }
      return { code: patched, map: null };
    },
  };
}
