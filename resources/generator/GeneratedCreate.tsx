import { Create, SimpleForm } from 'react-admin';
import { PageBreadcrumbs } from '../../src/layout/PageBreadcrumbs';
import type { ResourceDeclaration } from '../types';
import { FormToolbar } from './FormToolbar';
import { inputElement } from './inputs';

/** The create form's inputs: the declared create fields, else the editable form fields. */
export function createFormFields(declaration: ResourceDeclaration) {
  return declaration.createFields ?? declaration.fields.filter((field) => field.form && !field.readOnly);
}

/**
 * Create form with the shared validation rules; server field errors show on their inputs. Leaving it with
 * unsaved input asks first (warnWhenUnsavedChanges).
 */
export function GeneratedCreate({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <>
      <PageBreadcrumbs listPath={`/${declaration.route ?? declaration.name}`} current={`新建${declaration.label}`} />
      <Create
        resource={declaration.name}
        title={`新建${declaration.label}`}
        redirect="list"
        transform={(data: Record<string, unknown>) => ({ ...data, ...(declaration.createBody ?? {}) })}
      >
        <SimpleForm sx={{ maxWidth: 640 }} warnWhenUnsavedChanges toolbar={<FormToolbar declaration={declaration} />}>
          {createFormFields(declaration).map(inputElement)}
        </SimpleForm>
      </Create>
    </>
  );
}
