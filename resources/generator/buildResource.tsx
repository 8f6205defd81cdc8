import { Resource } from 'react-admin';
import type { ResourceDeclaration } from '../types';
import { GeneratedCreate } from './GeneratedCreate';
import { GeneratedEdit } from './GeneratedEdit';
import { GeneratedList } from './GeneratedList';

/** Turns a declaration into a react-admin <Resource> whose name is the spec's route. */
export function buildResource(declaration: ResourceDeclaration) {
  return (
    <Resource
      key={declaration.name}
      name={declaration.name}
      options={{ label: declaration.label }}
      recordRepresentation={declaration.recordTitle}
      list={<GeneratedList declaration={declaration} />}
      edit={declaration.views.edit ? <GeneratedEdit declaration={declaration} /> : undefined}
      create={declaration.views.create ? <GeneratedCreate declaration={declaration} /> : undefined}
    />
  );
}
