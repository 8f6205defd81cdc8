import clsx from 'clsx';
import {
  Children,
  type CSSProperties,
  isValidElement,
  type MouseEvent,
  memo,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  type DatagridRowProps,
  type RaRecord,
  useGetPathForRecordCallback,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';

type ColumnProps = { source?: string; textAlign?: 'left' | 'right'; cellClassName?: string };
type RowProps = Pick<DatagridRowProps, 'className' | 'rowClick' | 'style'> & { children?: ReactNode };

/**
 * A list row of plain `tr`/`td` with react-admin's class names, for lists without an expand panel or row
 * selection (GeneratedList). react-admin's DatagridRow draws each cell through MUI's TableCell and the row through
 * TableRow: some 250 styled components, each computing its style, on a 25-row page (a fifth of a cold list's first
 * render); here the table's one style rule (datagridSx, plainRowSx) gives the cells MUI's look. A click
 * goes where react-admin's would: rowClick as 'show', 'edit', a path, or a function of the record.
 */
export const PlainDatagridRow = memo(function PlainDatagridRow({ children, className, rowClick, style }: RowProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();
  if (!record || !resource) return null;
  const handleClick = rowClick
    ? async (_event: MouseEvent) => {
        const link =
          typeof rowClick === 'function' ? await rowClick(record.id, resource, record as RaRecord) : rowClick;
        const path = await getPathForRecord({ record, resource, link });
        if (path === false || path == null) return;
        navigate(path, { state: { _scrollToTop: true } });
      }
    : undefined;
  return (
    <tr
      className={clsx('MuiTableRow-root MuiTableRow-hover', className, rowClick && 'RaDatagrid-clickableRow')}
      style={style as CSSProperties | undefined}
      onClick={handleClick}
    >
      {Children.map(children, (field) => {
        if (!isValidElement(field)) return null;
        const { source, textAlign, cellClassName } = (field as ReactElement<ColumnProps>).props;
        return (
          <td
            className={clsx(
              'MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall',
              textAlign === 'right' && 'MuiTableCell-alignRight',
              `column-${source}`,
              'RaDatagrid-rowCell',
              cellClassName,
            )}
          >
            {field}
          </td>
        );
      })}
    </tr>
  );
}, sameRow);

/**
 * The list re-renders its rows' column elements on every render (new render functions, same columns): a row
 * is drawn again only when its props or its columns (their kind and source, in order) change.
 */
function sameRow(before: RowProps, after: RowProps): boolean {
  const { children: beforeColumns, ...beforeRest } = before;
  const { children: afterColumns, ...afterRest } = after;
  const beforeKeys = Object.keys(beforeRest) as (keyof typeof beforeRest)[];
  if (beforeKeys.length !== Object.keys(afterRest).length) return false;
  if (beforeKeys.some((key) => beforeRest[key] !== afterRest[key])) return false;
  const columnsBefore = Children.toArray(beforeColumns);
  const columnsAfter = Children.toArray(afterColumns);
  return (
    columnsBefore.length === columnsAfter.length &&
    columnsBefore.every((column, index) => {
      const other = columnsAfter[index];
      return (
        isValidElement(column) &&
        isValidElement(other) &&
        column.type === other.type &&
        column.key === other.key &&
        (column.props as ColumnProps).source === (other.props as ColumnProps).source
      );
    })
  );
}
