import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { type RaRecord, useCanAccess, useRefresh } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { RowActions } from '../../../resources/generator/RowActions';
import type { ResourceDeclaration } from '../../../resources/types';
import { showToast } from '../../shell/toast';
import { CrmPickerDialog } from './CrmPickerDialog';

async function write(path: string, method: 'PATCH' | 'PUT', json: unknown, done: string) {
  await requestContent(path, { method, json });
  showToast(done, 'success');
}

/** 绑定CRM / 解绑CRM / 标记虚拟 on a subsidiary row (server/crm/crm.routes.ts). */
function SubsidiaryCrmActions({ record, resource }: { record: RaRecord; resource: string }) {
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      refresh();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const virtual = Number(record.isVirtual) === 1;
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      <Button size="small" onClick={() => setPicking(true)}>
        绑定CRM
      </Button>
      {record.crmCompanyName && (
        <Button
          size="small"
          disabled={busy}
          onClick={() =>
            void run(() => write('/api/v1/subsidiary/crm/unbinding', 'PATCH', { id: record.id }, '解绑成功'))
          }
        >
          解绑CRM
        </Button>
      )}
      <Button
        size="small"
        disabled={busy}
        onClick={() =>
          void run(() =>
            write(
              `/api/v1/subsidiaries/mark/${record.id}`,
              'PUT',
              { isVirtual: virtual ? 0 : 1 },
              virtual ? '已取消虚拟分公司标记' : '已标记为虚拟分公司',
            ),
          )
        }
      >
        {virtual ? '取消虚拟' : '标记虚拟'}
      </Button>
      {picking && (
        <CrmPickerDialog
          title={`绑定CRM：${String(record.sname)}`}
          searchPath="/api/v1/subsidiary/crm/search"
          unavailable={(row) =>
            row.boundSubsidiaryId && row.boundSubsidiaryId !== record.id
              ? `已绑定分公司（编号 ${row.boundSubsidiaryId}）`
              : null
          }
          onPick={async (row) => {
            await write('/api/v1/subsidiary/crm/binding', 'PATCH', { id: record.id, crmId: row.crmId }, '绑定成功');
            refresh();
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </Box>
  );
}

/** /adPartnerManageSub: the generated subsidiary list with the CRM search, binding and virtual mark per row. */
export function SubsidiaryList({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <GeneratedList
      declaration={declaration}
      renderActions={(record) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }}>
          <RowActions declaration={declaration} />
          <SubsidiaryCrmActions record={record} resource={declaration.name} />
        </Box>
      )}
    />
  );
}
