import {
  CreateButton,
  DatagridConfigurable,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  SelectColumnsButton,
  TopToolbar,
  useCanAccess,
  useListContext,
} from 'react-admin';
import { validateDateRange } from '../../src/domain/validation';
import type { ResourceDeclaration } from '../types';
import { ExportAllButton } from './ExportAllButton';
import { fieldElement } from './fields';
import { filterElements } from './inputs';
import { RowActions } from './RowActions';

const DEFAULT_PAGE_SIZES = [10, 50, 100, 200];

function ListActions({ declaration }: { declaration: ResourceDeclaration }) {
  const { canAccess: canCreate } = useCanAccess({ resource: declaration.name, action: 'create' });
  return (
    <TopToolbar>
      {declaration.views.create && canCreate && <CreateButton label={`新建${declaration.label}`} />}
      <FilterButton />
      <SelectColumnsButton />
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

/** List with server-side paging, sortable columns, filters kept in the URL, column chooser, export. */
export function GeneratedList({ declaration }: { declaration: ResourceDeclaration }) {
  const { canAccess: canEdit } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const pageSizes = [...(declaration.pageSizes ?? DEFAULT_PAGE_SIZES)];
  return (
    <List
      resource={declaration.name}
      filters={filterElements(declaration.filters)}
      sort={{ field: declaration.defaultSort.field, order: declaration.defaultSort.order }}
      perPage={pageSizes[0]}
      pagination={<Pagination rowsPerPageOptions={pageSizes} />}
      actions={<ListActions declaration={declaration} />}
      exporter={false}
      disableSyncWithLocation={false}
      empty={false}
    >
      <DateRangeHint declaration={declaration} />
      <DatagridConfigurable rowClick={declaration.views.edit && canEdit ? 'edit' : false} bulkActionButtons={false}>
        {declaration.fields.filter((field) => field.list !== false).map(fieldElement)}
        {declaration.actions && declaration.actions.length > 0 && (
          <FunctionField
            label="操作"
            source="id"
            sortable={false}
            render={() => <RowActions declaration={declaration} />}
          />
        )}
      </DatagridConfigurable>
    </List>
  );
}
