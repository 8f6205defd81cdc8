import { OPEN_TAG } from './openApiDoc';

type Json = Record<string, unknown>;

const COMPONENT_REF = /^#\/components\/([^/]+)\/(.+)$/;

/** Every `#/components/...` reference inside a value. */
function refsOf(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsOf(item, found);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') found.add(item);
    else refsOf(item, found);
  }
}

const taggedOpen = (operation: unknown) =>
  Array.isArray((operation as { tags?: unknown } | null)?.tags) &&
  ((operation as { tags: unknown[] }).tags as unknown[]).includes(OPEN_TAG);

/**
 * The 开放接口 part of the whole API document: its operations, its tag, its security scheme and only the shared
 * components those operations reach (followed through references of references), so nothing of the back
 * office's own routes is in it.
 */
export function openApiPart(whole: Json): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries((whole.paths ?? {}) as Record<string, Json>)) {
    const kept = Object.fromEntries(Object.entries(item).filter(([, operation]) => taggedOpen(operation)));
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  const components = (whole.components ?? {}) as Record<string, Json>;
  const picked: Record<string, Json> = {};
  const seen = new Set<string>();
  const pending = new Set<string>();
  refsOf(paths, pending);
  while (pending.size > 0) {
    const [ref] = pending;
    pending.delete(ref);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const match = COMPONENT_REF.exec(ref);
    const target = match ? components[match[1]]?.[match[2]] : undefined;
    if (!match || target === undefined) continue;
    picked[match[1]] = { ...picked[match[1]], [match[2]]: target };
    refsOf(target, pending);
  }
  const schemes = (components.securitySchemes ?? {}) as Json;
  const securitySchemes = Object.fromEntries(
    Object.entries(schemes).filter(([name]) =>
      Object.values(paths).some((item) =>
        Object.values(item as Json).some((operation) =>
          ((operation as { security?: Json[] }).security ?? []).some((rule) => name in rule),
        ),
      ),
    ),
  );
  return {
    openapi: whole.openapi,
    info: { ...(whole.info as Json), title: `${(whole.info as Json | undefined)?.title ?? ''}：${OPEN_TAG}` },
    servers: whole.servers,
    tags: ((whole.tags ?? []) as Json[]).filter((tag) => tag.name === OPEN_TAG),
    paths,
    components: { ...picked, securitySchemes },
  };
}
