import { Create, SimpleForm } from 'react-admin';
import type { ResourceDeclaration } from '../types';
import { inputElement } from './inputs';

/** Create form with the shared validation rules; server field errors show on their inputs. */
export function GeneratedCreate({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <Create resource={declaration.name} title={`新建${declaration.label}`} redirect="list">
      <SimpleForm sx={{ maxWidth: 640 }}>
        {declaration.fields.filter((field) => field.form && !field.readOnly).map(inputElement)}
      </SimpleForm>
    </Create>
  );
}
