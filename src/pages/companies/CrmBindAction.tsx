import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { type RaRecord, useCanAccess, useRecordContext } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { showToast } from '../../shell/toast';
import { CrmPickerDialog } from '../crm/CrmPickerDialog';

/** 绑定CRM on a company row (/adMerchant, /adSmallMerchant): bind it to a CRM institution (PATCH company/crm/bind). */
export function CrmBindAction({ resource }: { resource: string }) {
  const record = useRecordContext<RaRecord>();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  const bind = async (crmId: string) => {
    await requestContent('/api/v1/company/crm/bind', {
      method: 'PATCH',
      json: { companyId: record.id, crmId },
    });
    showToast(crmId ? '绑定成功' : '解绑成功', 'success');
  };
  return (
    <Box component="span" onClick={(event) => event.stopPropagation()}>
      <Button size="small" onClick={() => setOpen(true)}>
        绑定CRM
      </Button>
      {open && (
        <CrmPickerDialog
          title={`绑定CRM：${String(record.name ?? record.id)}`}
          searchPath="/api/v1/crm/data/synchronization/search/institution"
          onPick={(row) => bind(row.crmId)}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
}
