/**
 * The URL a stored file is known by: '/api-v1/dl?file=<id>&rn=<original name>' (spec §7). Records keep this
 * URL (a notice's image and attachment); the server only ever reads the id back out of it.
 */
export function downloadUrl(fileId: number, name: string): string {
  return `/api-v1/dl?file=${fileId}&rn=${encodeURIComponent(name)}`;
}

/** The file id of a download URL this server issued (absolute or relative), or null for anything else. */
export function fileIdOfUrl(value: string): number | null {
  let url: URL;
  try {
    url = new URL(value, 'http://localhost');
  } catch {
    return null;
  }
  if (!url.pathname.endsWith('/api-v1/dl')) return null;
  const file = url.searchParams.get('file') ?? '';
  if (!/^\d{1,15}$/.test(file)) return null;
  const id = Number(file);
  return id > 0 ? id : null;
}
