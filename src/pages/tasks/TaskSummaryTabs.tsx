import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { TASK_WORKER_TABS } from '../../../resources/tasks';
import type { ResourceDeclaration } from '../../../resources/types';

const TAB_KEY = 'taskSummaryTab';

/**
 * /taskSummary and /adTaskSummary: 按任务 (the page's own declaration) and 按人员 (each assigned worker with what the
 * settled batch paid), each a generated list with its filters, paging and export. The chosen tab is kept for the
 * session; switching drops the other list's filters from the address.
 */
export function TaskSummaryTabs({ declaration }: { declaration: ResourceDeclaration }) {
  const navigate = useNavigate();
  const location = useLocation();
  const storageKey = `${TAB_KEY}:${declaration.name}`;
  const [tab, setTab] = useState(() => sessionStorage.getItem(storageKey) ?? 'task');
  const byWorker = TASK_WORKER_TABS[declaration.name];
  const choose = (next: string) => {
    sessionStorage.setItem(storageKey, next);
    setTab(next);
    navigate(location.pathname, { replace: true });
  };
  return (
    <Box>
      <Tabs value={tab} onChange={(_, next: string) => choose(next)} sx={{ mt: 1 }} aria-label="汇总方式">
        <Tab value="task" label="按任务" />
        <Tab value="worker" label="按人员" />
      </Tabs>
      {tab === 'worker' && byWorker ? (
        <GeneratedList key="worker" declaration={byWorker} />
      ) : (
        <GeneratedList key="task" declaration={declaration} />
      )}
    </Box>
  );
}
