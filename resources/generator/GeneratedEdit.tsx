import { Edit, SimpleForm } from 'react-admin';
import { PageBreadcrumbs } from '../../src/layout/PageBreadcrumbs';
import type { ResourceDeclaration } from '../types';
import { FormToolbar } from './FormToolbar';
import { inputElement } from './inputs';

/**
 * Edit form with the shared validation rules. Saving is pessimistic: the server's field errors
 * (content.errors) appear on their inputs and nothing the user typed is lost; leaving with unsaved changes
 * asks first (warnWhenUnsavedChanges).
 */
export function GeneratedEdit({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <>
      <PageBreadcrumbs listPath={`/${declaration.route ?? declaration.name}`} current={`编辑${declaration.label}`} />
      <Edit resource={declaration.name} mutationMode="pessimistic" title={`编辑${declaration.label}`}>
        <SimpleForm
          toolbar={<FormToolbar declaration={declaration} canDelete />}
          sx={{ maxWidth: 640 }}
          warnWhenUnsavedChanges
        >
          {declaration.fields.filter((field) => field.form).map(inputElement)}
        </SimpleForm>
      </Edit>
    </>
  );
}
