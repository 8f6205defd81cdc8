import { Button } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../../../resources/types';
import { RecordList } from './RecordList';

/**
 * /paymentRecord, /adTransferLot, /adSmallTransferLot: the batches (generated list from the declaration); a row
 * or 查看明细 opens the batch's generated show view with its items (/<route>/:id/show).
 */
export function PayoutBatchList({ declaration }: { declaration: ResourceDeclaration }) {
  const navigate = useNavigate();
  const pathOf = (id: unknown) => `/${declaration.name}/${encodeURIComponent(String(id))}/show`;
  return (
    <RecordList
      declaration={declaration}
      rowPath={pathOf}
      extraActions={(record) => (
        <Button
          label="查看明细"
          onClick={(event) => {
            event.stopPropagation();
            navigate(pathOf(record.id));
          }}
        />
      )}
    />
  );
}
