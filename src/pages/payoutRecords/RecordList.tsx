import type { ReactNode } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { RowActions } from '../../../resources/generator/RowActions';
import type { ResourceDeclaration } from '../../../resources/types';

/**
 * The generated list of a declaration with what the payout records add: a row that opens its detail, and row
 * actions the declaration cannot express (re-pay with a payment password).
 */
export function RecordList({
  declaration,
  rowPath,
  extraActions,
  refreshWhileOpen,
}: {
  declaration: ResourceDeclaration;
  /** Where a click on a row goes. */
  rowPath?: (id: Identifier) => string;
  extraActions?: (record: RaRecord) => ReactNode;
  /** A row still being paid: the page reads itself again while it shows one. */
  refreshWhileOpen?: (record: RaRecord) => boolean;
}) {
  return (
    <GeneratedList
      declaration={declaration}
      rowClick={rowPath ? (id) => rowPath(id) : false}
      refreshWhileOpen={refreshWhileOpen}
      renderActions={
        extraActions &&
        ((record) => (
          <span style={{ display: 'inline-flex', gap: 4 }}>
            {extraActions(record)}
            <RowActions declaration={declaration} />
          </span>
        ))
      }
    />
  );
}
