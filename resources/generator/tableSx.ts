import type { SxProps, Theme } from '@mui/material/styles';

/** The action column's key (GeneratedList): react-admin gives its cells the class column-_actions. */
export const ACTIONS_SOURCE = '_actions';

const stickyCell = {
  position: 'sticky',
  zIndex: 1,
  backgroundColor: 'background.paper',
} as const;

/**
 * A wide list scrolls sideways inside its card, as Element-style back offices do, with the first column and
 * the action column held in place; headers and action buttons never wrap (cells keep to one line through
 * their own box, see columnGeometry.ts).
 */
export function datagridSx(firstSource: string | undefined, hasActions: boolean): SxProps<Theme> {
  const sticky: Record<string, unknown> = {};
  if (firstSource) {
    sticky[`& .column-${firstSource}`] = { ...stickyCell, left: 0, boxShadow: 'inset -1px 0 0 rgba(0,0,0,0.08)' };
  }
  if (hasActions) {
    sticky[`& .column-${ACTIONS_SOURCE}`] = {
      ...stickyCell,
      right: 0,
      whiteSpace: 'nowrap',
      boxShadow: 'inset 1px 0 0 rgba(0,0,0,0.08)',
    };
  }
  return {
    '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
    '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' },
    // Header cells are already sticky to the top (react-admin): above the sticky body cells when scrolling.
    '& thead .RaDatagrid-headerCell': { zIndex: 3 },
    ...sticky,
    // The row's hover shade, drawn again over the opaque sticky cells.
    ...Object.fromEntries(
      Object.keys(sticky).map((selector) => [
        selector.replace('& ', '& .RaDatagrid-row:hover > td'),
        { backgroundImage: 'linear-gradient(rgba(0,0,0,0.04), rgba(0,0,0,0.04))' },
      ]),
    ),
  };
}
