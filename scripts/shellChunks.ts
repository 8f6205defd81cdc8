import path from 'node:path';

interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/**
 * Code splitting for a cold admin page: left to itself the bundler cut what the admin needs at start
 * into some seventy small chunks shared with the lazily loaded pages, and a cold page queued them six at a time
 * on HTTP/1.1. Here everything the login page and the admin both load statically is one chunk ("shell"), and
 * everything only the admin loads statically one more ("admin"), so an admin page starts with the entry and
 * these two, and /login still never downloads the admin. Lazily loaded pages keep their own chunks.
 */
export function shellChunks(root: string, roots: { login: readonly string[]; admin: readonly string[] }) {
  let sets: { login: Set<string>; admin: Set<string> } | undefined;
  const closure = (ctx: ChunkingContext, starts: readonly string[]) => {
    const seen = new Set<string>();
    const stack = starts.map((file) => path.resolve(root, file));
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      stack.push(...info.importedIds);
    }
    return seen;
  };
  const setsOf = (ctx: ChunkingContext) => {
    sets ??= { login: closure(ctx, roots.login), admin: closure(ctx, roots.admin) };
    return sets;
  };
  // Two groups, the shell first: a group takes its modules' dependencies along, so "admin" alone would take
  // the shared ones too and /login would need it.
  return {
    groups: [
      {
        priority: 2,
        name: (id: string, ctx: ChunkingContext) => {
          const { login, admin } = setsOf(ctx);
          return login.has(id) && admin.has(id) ? 'shell' : null;
        },
      },
      {
        priority: 1,
        name: (id: string, ctx: ChunkingContext) => {
          const { login, admin } = setsOf(ctx);
          return admin.has(id) && !login.has(id) ? 'admin' : null;
        },
      },
    ],
  };
}
