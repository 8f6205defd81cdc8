import CloseIcon from '@mui/icons-material/Close';
import type { Theme } from '@mui/material/styles';
import { appTheme } from '../theme';

/**
 * The app theme plus react-admin's own component defaults. Confirm dialogs: react-admin puts an error icon
 * (ErrorOutline) on 取消, which reads as a warning on the harmless choice; every Confirm, including the one
 * inside DeleteWithConfirmButton, gets a plain close icon instead. Kept out of theme.ts so the login page
 * does not load it.
 */
export const adminTheme: Theme = {
  ...appTheme,
  components: {
    ...appTheme.components,
    RaConfirm: { defaultProps: { CancelIcon: CloseIcon } },
  } as Theme['components'],
};
