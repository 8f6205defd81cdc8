import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  name: string | undefined;
  /** Merchants get the hover card; staff only see their name. */
  merchant: boolean;
  canSwitch: boolean;
  onSwitch: () => void;
}

const LINKS = [
  { label: '企业信息', to: '/merchant?type=first' },
  { label: '账户安全', to: '/merchant?type=fourth' },
  { label: '管理员信息', to: '/merchant?type=second' },
] as const;

/** The user's name; for merchants a hover card with company info, security, admin info and switch company. */
export function UserHoverCard({ name, merchant, canSwitch, onSwitch }: Props) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keepOpen = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 200);
  };
  return (
    <>
      <Typography
        component="span"
        ref={anchor}
        data-testid="current-user"
        tabIndex={merchant ? 0 : undefined}
        aria-haspopup={merchant ? 'true' : undefined}
        onMouseEnter={merchant ? keepOpen : undefined}
        onMouseLeave={merchant ? closeSoon : undefined}
        onFocus={merchant ? keepOpen : undefined}
        sx={{ cursor: merchant ? 'pointer' : 'default' }}
      >
        {name}
      </Typography>
      {merchant && (
        <Popover
          open={open}
          anchorEl={anchor.current}
          onClose={() => setOpen(false)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          transformOrigin={{ vertical: 'top', horizontal: 'center' }}
          disableRestoreFocus
          disableScrollLock
          // The card follows the pointer: it is not modal, so the page stays usable behind it.
          sx={{ pointerEvents: 'none' }}
          slotProps={{
            paper: { onMouseEnter: keepOpen, onMouseLeave: closeSoon, sx: { pointerEvents: 'auto', p: 1.5 } },
          }}
        >
          <Box
            component="nav"
            aria-label="账户"
            sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 140 }}
          >
            {LINKS.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} underline="hover" onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            ))}
            {canSwitch && (
              <Link
                component="button"
                type="button"
                underline="hover"
                sx={{ textAlign: 'left' }}
                onClick={() => {
                  setOpen(false);
                  onSwitch();
                }}
              >
                切换公司
              </Link>
            )}
          </Box>
        </Popover>
      )}
    </>
  );
}
