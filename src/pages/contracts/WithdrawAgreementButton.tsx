import Button from '@mui/material/Button';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { showToast } from '../../shell/toast';
import { withdrawAgreement } from './contractApi';

/**
 * 撤回 an agreement not signed yet (POST /api/v1/contract/:id/withdraw): it asks first, since the agreement then
 * no longer counts, and says that another one can be drawn up, with a bound enterprise.
 */
export function WithdrawAgreementButton({
  agreement,
  onDone,
  variant = 'text',
}: {
  agreement: { id: number; nm: string; enterpriseName: string | null };
  onDone: () => void;
  variant?: 'text' | 'outlined';
}) {
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const withdraw = async () => {
    setSaving(true);
    try {
      await withdrawAgreement(agreement.id);
      showToast('协议已撤回，可重新选择服务主体生成', 'success');
      setConfirming(false);
      onDone();
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" variant={variant} onClick={() => setConfirming(true)}>
        撤回
      </Button>
      <Confirm
        isOpen={confirming}
        loading={saving}
        title={`撤回《${agreement.nm}》`}
        content={`撤回后这份${agreement.enterpriseName ? `与「${agreement.enterpriseName}」的` : ''}协议作废，不能再签署；可以重新选择服务主体生成新的协议。确定撤回吗？`}
        confirm="确定撤回"
        cancel="取消"
        onConfirm={() => void withdraw()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
