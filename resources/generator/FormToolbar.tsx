import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, DeleteWithConfirmButton, SaveButton, Toolbar, useCanAccess, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ResourceDeclaration } from '../types';

/**
 * A generated form's toolbar: 保存, 返回 (to the list; the unsaved-changes warning asks first when the form
 * has changes) and, on edit pages the user may delete from, 删除.
 */
export function FormToolbar({
  declaration,
  canDelete = false,
}: {
  declaration: ResourceDeclaration;
  canDelete?: boolean;
}) {
  const record = useRecordContext();
  const navigate = useNavigate();
  const { canAccess } = useCanAccess({ resource: declaration.name, action: 'delete' });
  const title = record ? String(record[declaration.recordTitle] ?? '') : '';
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      <SaveButton />
      <Button label="返回" onClick={() => navigate(`/${declaration.name}`)}>
        <ArrowBackIcon />
      </Button>
      <span style={{ flexGrow: 1 }} />
      {canDelete && declaration.api.delete && canAccess && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={`删除${declaration.label}`}
          confirmContent={`确定要删除「${title}」吗？删除后无法恢复。`}
        />
      )}
    </Toolbar>
  );
}
