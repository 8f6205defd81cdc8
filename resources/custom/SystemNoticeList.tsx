import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { NoticeDetailDialog } from '../../src/notices/NoticeDetailDialog';
import type { Notice } from '../../src/notices/noticeApi';
import { GeneratedList } from '../generator/GeneratedList';
import type { ResourceDeclaration } from '../types';

/**
 * /systemNotice: the merchant's published notices with read state, as the generated list (server paging, the
 * title filter, and so the first paint); a row opens the notice, where the merchant acknowledges it.
 */
export function SystemNoticeList({ declaration }: { declaration: ResourceDeclaration }) {
  const [open, setOpen] = useState<Notice | null>(null);
  const refresh = useRefresh();
  return (
    <>
      <GeneratedList
        declaration={declaration}
        rowClick={(_id, _resource, record) => {
          setOpen(record as unknown as Notice);
          return false;
        }}
      />
      <NoticeDetailDialog notice={open} onClose={() => setOpen(null)} onRead={refresh} />
    </>
  );
}
