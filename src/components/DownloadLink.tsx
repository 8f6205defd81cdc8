import Link from '@mui/material/Link';
import { signedUrl } from './useSignedUrl';

/** Downloads a stored file through the API (a signed, short-lived URL), never a raw path. */
export function DownloadLink({ url, children }: { url: string; children: React.ReactNode }) {
  return (
    <Link
      component="button"
      type="button"
      onClick={async (event: React.MouseEvent) => {
        event.stopPropagation();
        window.location.assign(await signedUrl(url));
      }}
    >
      {children}
    </Link>
  );
}
