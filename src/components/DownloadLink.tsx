import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { signedUrl } from './useSignedUrl';

/** Downloads a stored file through the API (a signed, short-lived URL), never a raw path. */
export function DownloadLink({ url, children, sx }: { url: string; children: React.ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Link
      component="button"
      type="button"
      sx={sx}
      onClick={async (event: React.MouseEvent) => {
        event.stopPropagation();
        window.location.assign(await signedUrl(url));
      }}
    >
      {children}
    </Link>
  );
}
