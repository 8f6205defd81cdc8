import type { Plugin } from 'vite';

/** Runs a Vite plugin's transform hook on `code` as module `id`, with `this.error` throwing as Vite's does. */
export function pluginTransform(plugin: Plugin, code: string, id: string): { code: string } | null {
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  return (plugin.transform as (this: typeof context, code: string, id: string) => { code: string } | null).call(
    context,
    code,
    id,
  );
}
