import { Create, SimpleForm } from 'react-admin';
import { PageBreadcrumbs } from '../../src/layout/PageBreadcrumbs';
import type { ResourceDeclaration } from '../types';
import { FormToolbar } from './FormToolbar';
import { inputElement } from './inputs';

/**
 * Create form with the shared validation rules; server field errors show on their inputs. Leaving it with
 * unsaved input asks first (warnWhenUnsavedChanges).
 */
export function GeneratedCreate({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <>
      <PageBreadcrumbs listPath={`/${declaration.route ?? declaration.name}`} current={`新建${declaration.label}`} />
      <Create resource={declaration.name} title={`新建${declaration.label}`} redirect="list">
        <SimpleForm sx={{ maxWidth: 640 }} warnWhenUnsavedChanges toolbar={<FormToolbar declaration={declaration} />}>
          {declaration.fields.filter((field) => field.form && !field.readOnly).map(inputElement)}
        </SimpleForm>
      </Create>
    </>
  );
}
