import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import type { ResourceDeclaration } from '../types';
import { inputElement } from './inputs';

function EditToolbar({ declaration }: { declaration: ResourceDeclaration }) {
  const record = useRecordContext();
  const { canAccess: canDelete } = useCanAccess({ resource: declaration.name, action: 'delete' });
  const title = record ? String(record[declaration.recordTitle] ?? '') : '';
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {declaration.api.delete && canDelete && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={`删除${declaration.label}`}
          confirmContent={`确定要删除「${title}」吗？删除后无法恢复。`}
        />
      )}
    </Toolbar>
  );
}

/**
 * Edit form with the shared validation rules. Saving is pessimistic: the server's field errors
 * (content.errors) appear on their inputs and nothing the user typed is lost.
 */
export function GeneratedEdit({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <Edit resource={declaration.name} mutationMode="pessimistic" title={`编辑${declaration.label}`}>
      <SimpleForm toolbar={<EditToolbar declaration={declaration} />} sx={{ maxWidth: 640 }}>
        {declaration.fields.filter((field) => field.form).map(inputElement)}
      </SimpleForm>
    </Edit>
  );
}
