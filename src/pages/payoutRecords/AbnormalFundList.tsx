import { useState } from 'react';
import { Button, type RaRecord, useNotify, useRefresh } from 'react-admin';
import { getSession } from '../../../providers/sessionStore';
import type { ResourceDeclaration } from '../../../resources/types';
import { ABNORMAL } from '../../domain/moneyEnums';
import { hasAnyPermission } from '../../domain/permissions';
import { RecordList } from './RecordList';
import { type AbnormalFund, RepayDialog } from './RepayDialog';

/** /errorMoney: the generated list with its declared 留存余额 and, on pending rows, 重新打款. */
export function AbnormalFundList({ declaration }: { declaration: ResourceDeclaration }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<AbnormalFund | null>(null);
  const mayHandle = hasAnyPermission(getSession()?.user, declaration.permissions.edit ?? []);
  return (
    <>
      <RecordList
        declaration={declaration}
        extraActions={(record: RaRecord) =>
          mayHandle && Number(record.status) === ABNORMAL.pending ? (
            <Button
              label="重新打款"
              onClick={(event) => {
                event.stopPropagation();
                setOpen(record as unknown as AbnormalFund);
              }}
            />
          ) : null
        }
      />
      {open && (
        <RepayDialog
          fund={open}
          onClose={() => setOpen(null)}
          onRepaid={(repayment) => {
            setOpen(null);
            notify(`已提交重新打款，批次号 ${repayment.batchNo}`, { type: 'success' });
            refresh();
          }}
        />
      )}
    </>
  );
}
