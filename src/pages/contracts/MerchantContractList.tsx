import Button from '@mui/material/Button';
import { useState } from 'react';
import { type RaRecord, useRefresh } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { RowActions } from '../../../resources/generator/RowActions';
import type { ResourceDeclaration } from '../../../resources/types';
import { useSession } from '../../layout/useSession';
import { showToast } from '../../shell/toast';
import { ContractDialog } from './ContractDialog';
import { type ContractRow, downloadContract } from './contractApi';
import { PaperContractDialog } from './PaperContractDialog';
import { SigningBanner } from './SigningBanner';

/**
 * /contractManagement for the merchant: its contracts with 查看 / 签署 / 上传纸质合同 / 下载 / 签署地址 on each row (撤回 of
 * one not signed yet is in its dialog and, for one with an unbound enterprise, in the banner), a banner guiding it to
 * sign what waits for its signature, and the signing link of the e-sign provider (`?sign=<id>`) opening that
 * agreement.
 */
export function MerchantContractList({ declaration }: { declaration: ResourceDeclaration }) {
  const session = useSession();
  const refresh = useRefresh();
  const [params, setParams] = useSearchParams();
  const [version, setVersion] = useState(0);
  const fromLink = Number(params.get('sign'));
  const [open, setOpen] = useState<number | null>(Number.isSafeInteger(fromLink) && fromLink > 0 ? fromLink : null);
  const [paper, setPaper] = useState<ContractRow | null>(null);
  const companyId = session?.user.properties.cid ?? null;

  const close = () => {
    setOpen(null);
    if (params.has('sign')) {
      params.delete('sign');
      setParams(params, { replace: true });
    }
  };
  /** After a withdrawal (or anything else the banner or a row changed): banner and list read again. */
  const changed = () => {
    setVersion((value) => value + 1);
    refresh();
  };
  const actions = (record: RaRecord) => {
    const id = Number(record.id);
    const hasFile = record.fileId !== null && record.fileId !== undefined;
    // Waiting for the merchant's signature with an enterprise to sign with: 签署 and the signing address apply.
    const signable = record.signStatus === 0 && record.dataStatus === 1 && Boolean(record.enterpriseName);
    return (
      <span style={{ display: 'inline-flex', gap: 4 }}>
        <Button size="small" onClick={() => setOpen(id)}>
          查看
        </Button>
        {/* A contract without its document yet gets one when opened (server/contracts/contractDocument.ts). */}
        {signable && (
          <Button size="small" color="warning" onClick={() => setOpen(id)}>
            签署
          </Button>
        )}
        {record.signStatus === 0 && record.dataStatus === 1 && companyId !== null && (
          <Button size="small" onClick={() => setPaper(record as unknown as ContractRow)}>
            上传纸质合同
          </Button>
        )}
        {(hasFile || record.signStatus === 1) && (
          <Button
            size="small"
            onClick={() => downloadContract(id).catch((failure: Error) => showToast(failure.message, 'error'))}
          >
            下载
          </Button>
        )}
        {/* The declared 签署地址 (service_signurl) with its copy dialog, on the rows 签署 is offered on. */}
        {signable && <RowActions declaration={declaration} />}
      </span>
    );
  };

  return (
    <>
      {companyId !== null && (
        <SigningBanner companyId={companyId} version={version} onSign={setOpen} onChanged={changed} />
      )}
      <GeneratedList declaration={declaration} rowClick={false} renderActions={actions} />
      {companyId !== null && (
        <PaperContractDialog
          contract={paper}
          companyId={companyId}
          onClose={() => setPaper(null)}
          onDone={() => {
            setPaper(null);
            setVersion((value) => value + 1);
            refresh();
          }}
        />
      )}
      <ContractDialog
        id={open}
        onClose={close}
        onSigned={() => {
          setVersion((value) => value + 1);
          refresh();
        }}
      />
    </>
  );
}
