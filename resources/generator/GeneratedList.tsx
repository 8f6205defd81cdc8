import { type ReactElement, type ReactNode, useMemo } from 'react';
import {
  CreateButton,
  DatagridBody,
  DatagridConfigurable,
  type DatagridProps,
  FilterButton,
  List,
  type RaRecord,
  SelectColumnsButton,
  TopToolbar,
  useCanAccess,
  useListContext,
} from 'react-admin';
import { findRoute } from '../../src/domain/routes';
import { validateDateRange } from '../../src/domain/validation';
import { listFields, listPageSizes, type ResourceDeclaration } from '../types';
import { DocumentSelection, RowSelect, SELECT_SOURCE, ZipDownloadButton } from './DocumentActions';
import { ExportAllButton } from './ExportAllButton';
import { FilterBar, ListFiltersOnly } from './FilterBar';
import { listColumn, RecordCell } from './fields';
import { filterElements } from './inputs';
import { ListCallButtons } from './ListCallButtons';
import { ListFirstPaintHandoff } from './ListFirstPaintHandoff';
import { ListPagination } from './ListPagination';
import { ListLoadGuard } from './LoadFailure';
import { PlainDatagridRow } from './PlainDatagridRow';
import { RefreshWhileOpen } from './RefreshWhileOpen';
import { RowActions } from './RowActions';
import { ACTIONS_SOURCE, datagridSx, LIST_FITS } from './tableSx';
import { useStoredColumns } from './useStoredColumns';

function ListActions({
  declaration,
  filters,
  toolbar,
}: {
  declaration: ResourceDeclaration;
  filters: ReactElement[];
  toolbar?: ReactNode;
}) {
  const { canAccess: canCreate } = useCanAccess({ resource: declaration.name, action: 'create' });
  return (
    <TopToolbar>
      {declaration.views.create && canCreate && <CreateButton label={`新建${declaration.label}`} />}
      <ListFiltersOnly>
        <FilterButton filters={filters} />
      </ListFiltersOnly>
      <SelectColumnsButton />
      <ListCallButtons declaration={declaration} />
      {toolbar}
      {declaration.documents && <ZipDownloadButton documents={declaration.documents} label={declaration.label} />}
      <ExportAllButton declaration={declaration} />
    </TopToolbar>
  );
}

/** The spec's date-range messages, shown above the list while a range is half filled. */
function DateRangeHint({ declaration }: { declaration: ResourceDeclaration }) {
  const { filterValues } = useListContext();
  const message = declaration.filters
    .filter((filter) => filter.type === 'dateRange' && filter.endKey)
    .map((filter) => validateDateRange(filterValues[filter.key], filterValues[filter.endKey as string]))
    .find(Boolean);
  return message ? (
    <div role="alert" style={{ color: '#d32f2f', padding: '4px 16px' }}>
      {message}
    </div>
  ) : null;
}

export interface GeneratedListProps {
  declaration: ResourceDeclaration;
  /** What a click on a row does; by default it opens the edit view when there is one and the user may edit. */
  rowClick?: DatagridProps['rowClick'];
  /** A panel a row expands into (with rowClick 'expand'). */
  expand?: ReactElement;
  /** The cell of row actions; by default the declaration's actions (RowActions). */
  renderActions?: (record: RaRecord) => ReactNode;
  /** Rows can be picked (a 选择 column, read with useRowSelection), as a list with documents always can. */
  selectable?: boolean;
  /** Buttons of the page's own in the list's toolbar, inside the list (they read its filters and selection). */
  toolbar?: ReactNode;
  /** A row still being worked on (a batch being paid): while the page shows one, it reads itself again. */
  refreshWhileOpen?: (record: RaRecord) => boolean;
}

/** The datagrid's body with plain rows (PlainDatagridRow). */
const PLAIN_BODY = <DatagridBody row={<PlainDatagridRow />} />;

/**
 * List with server-side paging, sortable columns, filters kept in the URL, column chooser, export. Custom
 * lists (resources/custom) reuse it through the props rather than copying it.
 */
export function GeneratedList({
  declaration,
  rowClick,
  expand,
  renderActions,
  selectable,
  toolbar,
  refreshWhileOpen,
}: GeneratedListProps) {
  const picking = selectable === true || declaration.documents !== undefined;
  const { canAccess: canEdit } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const pageSizes = [...listPageSizes(declaration)];
  const hasActions =
    (declaration.actions?.length ?? 0) > 0 || declaration.documents !== undefined || renderActions !== undefined;

  const omit = declaration.fields.filter((field) => field.hidden).map((field) => field.source);
  const columns = [
    // Rows with documents can be picked for 打包下载, a selectable list's for its toolbar (a checkbox of our own:
    // react-admin's puts its label on the wrapper, not the input, which axe reports).
    picking && (
      <RecordCell
        key={SELECT_SOURCE}
        label="选择"
        source={SELECT_SOURCE}
        sortable={false}
        render={(record: RaRecord) => <RowSelect id={record.id} />}
      />
    ),
    ...listFields(declaration).map(listColumn),
    hasActions && (
      <RecordCell
        key={ACTIONS_SOURCE}
        label="操作"
        // Its own column key: the column chooser and `omit` tell columns apart by source.
        source={ACTIONS_SOURCE}
        sortable={false}
        render={(record: RaRecord) => renderActions?.(record) ?? <RowActions declaration={declaration} />}
      />
    ),
  ];
  useStoredColumns(declaration.name, columns, omit);
  const filters = useMemo(() => filterElements(declaration.filters), [declaration.filters]);
  const list = (
    <List
      resource={declaration.name}
      // The page's title is its menu label (src/domain/routes.ts), not the entity's name.
      title={findRoute(`/${declaration.route ?? declaration.name}`)?.title ?? declaration.label}
      filters={<FilterBar filters={filters} />}
      sort={{ field: declaration.defaultSort.field, order: declaration.defaultSort.order }}
      perPage={pageSizes[0]}
      pagination={
        <ListLoadGuard quiet>
          <ListPagination pageSizes={pageSizes} />
        </ListLoadGuard>
      }
      actions={<ListActions declaration={declaration} filters={filters} toolbar={toolbar} />}
      exporter={false}
      disableSyncWithLocation={false}
      empty={false}
      // A wide table scrolls inside the card (datagridSx) rather than widening the page, wherever the list sits:
      // as a grid or flex item (a page with a card above its list) its content must not set its minimum width.
      sx={LIST_FITS}
    >
      <ListFirstPaintHandoff />
      {refreshWhileOpen && <RefreshWhileOpen isOpen={refreshWhileOpen} />}
      <DateRangeHint declaration={declaration} />
      <ListLoadGuard>
        <DatagridConfigurable
          rowClick={rowClick ?? (declaration.views.show ? 'show' : declaration.views.edit && canEdit ? 'edit' : false)}
          expand={expand}
          // Without an expand panel, rows of plain elements (PlainDatagridRow says why).
          body={expand ? undefined : PLAIN_BODY}
          omit={omit}
          bulkActionButtons={false}
          sx={datagridSx(hasActions, !expand)}
        >
          {columns}
        </DatagridConfigurable>
      </ListLoadGuard>
    </List>
  );
  return picking ? <DocumentSelection>{list}</DocumentSelection> : list;
}
