import type { SxProps, Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/** The action column's key (GeneratedList): react-admin gives its cells the class column-_actions. */
export const ACTIONS_SOURCE = '_actions';

const stickyCell = {
  position: 'sticky',
  zIndex: 1,
  backgroundColor: 'background.paper',
} as const;

/**
 * The first column shown, header and body: the first cell of a row that is a field's (react-admin gives those
 * column-<source>; the expand toggle's cell has none). Chosen in CSS rather than by the declaration's first
 * field, since that field may be hidden by default or through the column chooser (资金管理 hides 编号). The
 * :where() parts add no specificity, so the header's z-index rule below still wins over this one.
 */
const FIRST_COLUMN = '& :where(th, td)[class*="column-"]:where(:not([class*="column-"] ~ *))';

/**
 * A wide list scrolls sideways inside its card, as Element-style back offices do, with the first column and
 * the action column held in place; headers and action buttons never wrap (cells keep to one line through
 * their own box, see columnGeometry.ts).
 */
export function datagridSx(hasActions: boolean, plainRows = false): SxProps<Theme> {
  const sticky: Record<string, unknown> = {
    [FIRST_COLUMN]: { ...stickyCell, left: 0, boxShadow: 'inset -1px 0 0 rgba(0,0,0,0.08)' },
  };
  if (hasActions) {
    sticky[`& .column-${ACTIONS_SOURCE}`] = {
      ...stickyCell,
      right: 0,
      whiteSpace: 'nowrap',
      boxShadow: 'inset 1px 0 0 rgba(0,0,0,0.08)',
    };
  }
  return (theme: Theme) => ({
    ...(plainRows ? plainRowStyles(theme) : {}),
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
  });
}

/**
 * MUI's look for the rows PlainDatagridRow draws without MUI's components (small body cells of TableCell, rows of
 * TableRow with the hover shade): one rule for the whole table instead of a style per cell.
 */
function plainRowStyles(theme: Theme): SystemStyleObject<Theme> {
  return {
    '& tbody > tr.MuiTableRow-root': { color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0 },
    '& tbody > tr.MuiTableRow-hover:hover': { backgroundColor: theme.palette.action.hover },
    '& tbody > tr > td.MuiTableCell-body': {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)}`,
      textAlign: 'left',
      padding: '6px 16px',
      color: theme.palette.text.primary,
    },
    '& tbody > tr > td.MuiTableCell-alignRight': { textAlign: 'right', flexDirection: 'row-reverse' },
  };
}
