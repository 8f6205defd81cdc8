import { useEffect, useState } from 'react';
import { apiBase } from '../../providers/appConfig';
import { requestContent } from '../../providers/httpClient';

/** The stored file id of a download URL '/api-v1/dl?file=<id>&rn=<name>'. */
export function fileIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /[?&]file=([^&]+)/.exec(url);
  return match ? decodeURIComponent(match[1]) : null;
}

/**
 * Links and images cannot send the Authorization header, so a stored file is shown through a
 * short-lived signed URL the API issues for it.
 */
export async function signedUrl(url: string): Promise<string> {
  const file = fileIdOf(url);
  if (!file) return url;
  const answer = await requestContent<{ url: string }>('/api/v1/common/downloadtoken', {
    query: { file },
    silent: true,
    background: true,
  });
  // The API answers a root-relative URL; it lives under the API's base, which may be another origin.
  return answer.url.startsWith('/') ? `${apiBase()}${answer.url}` : answer.url;
}

export function useSignedUrl(url: string | null | undefined): string | undefined {
  const [signed, setSigned] = useState<string>();
  useEffect(() => {
    let alive = true;
    setSigned(undefined);
    if (url) {
      signedUrl(url).then(
        (value) => alive && setSigned(value),
        () => undefined,
      );
    }
    return () => {
      alive = false;
    };
  }, [url]);
  return signed;
}
