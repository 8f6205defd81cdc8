import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { hasAnyPermission } from '../../domain/permissions';
import { useSession } from '../../layout/useSession';
import { TaskDetail } from './TaskDetail';
import { TaskFormDialog } from './TaskFormDialog';

/** /taskRelease: the generated list (filters, paging, export, row actions) with 发布任务 and each task's details. */
export function TaskReleaseList({ declaration }: { declaration: ResourceDeclaration }) {
  const session = useSession();
  const notify = useNotify();
  const refresh = useRefresh();
  const [creating, setCreating] = useState(false);
  const mayCreate =
    hasAnyPermission(session?.user, declaration.permissions.create ?? []) && !!session?.user.properties.cid;
  return (
    <Box>
      {mayCreate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button variant="contained" onClick={() => setCreating(true)}>
            发布任务
          </Button>
        </Box>
      )}
      <GeneratedList declaration={declaration} rowClick="expand" expand={<TaskDetail />} />
      {creating && (
        <TaskFormDialog
          onClose={() => setCreating(false)}
          onSaved={(message) => {
            setCreating(false);
            notify(message, { type: 'success' });
            refresh();
          }}
        />
      )}
    </Box>
  );
}
