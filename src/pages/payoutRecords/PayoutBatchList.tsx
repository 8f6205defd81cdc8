import { Button } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../../../resources/types';
import { BATCH } from '../../domain/moneyEnums';
import { RecordList } from './RecordList';

/**
 * /paymentRecord, /adTransferLot, /adSmallTransferLot: the batches (generated list from the declaration); a row
 * or 查看明细 opens the batch's generated show view with its items (/<route>/:id/show). While a batch on the page
 * is being paid the page reads itself again, so its status and counts move to their results without a reload.
 */
export function PayoutBatchList({ declaration }: { declaration: ResourceDeclaration }) {
  const navigate = useNavigate();
  const pathOf = (id: unknown) => `/${declaration.name}/${encodeURIComponent(String(id))}/show`;
  return (
    <RecordList
      declaration={declaration}
      rowPath={pathOf}
      refreshWhileOpen={(record) => record.status === BATCH.processing}
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
