import { Button } from 'react-admin';
import { Route, Routes, useNavigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../../../resources/types';
import { BatchDetail } from './BatchDetail';
import { RecordList } from './RecordList';

/**
 * /paymentRecord, /adTransferLot, /adSmallTransferLot: the batches (generated list from the declaration) and,
 * at /<route>/:id, one batch with its items.
 */
export function PayoutBatchList({ declaration }: { declaration: ResourceDeclaration }) {
  const navigate = useNavigate();
  const pathOf = (id: unknown) => `/${declaration.name}/${encodeURIComponent(String(id))}`;
  return (
    <Routes>
      <Route path=":id" element={<BatchDetail declaration={declaration} />} />
      <Route
        path="*"
        element={
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
        }
      />
    </Routes>
  );
}
