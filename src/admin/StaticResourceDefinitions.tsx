import { type ReactElement, type ReactNode, useCallback, useMemo, useState } from 'react';
import { Resource, type ResourceDefinition, ResourceDefinitionContext, type ResourceProps } from 'react-admin';

type Definitions = Record<string, ResourceDefinition>;

/** The definitions react-admin registers for these <Resource> elements (ra-core Resource.registerResource). */
export function definitionsOf(resources: readonly ReactElement<ResourceProps>[]): Definitions {
  return Object.fromEntries(resources.map((element) => [element.props.name, Resource.registerResource(element.props)]));
}

function sameDefinition(a: ResourceDefinition | undefined, b: ResourceDefinition): boolean {
  if (!a) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ResourceDefinition>;
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * react-admin registers every <Resource> in an effect after its first render, and on mount registers them all a
 * second time (it re-reads its children in another effect): on a cold start two more renders of the whole page
 * after the one that drew the list. Our resources are fixed for the app's life (AdminApp's children
 * are built once), so this provider (in place of react-admin's, between AdminContext and AdminUI) starts with
 * their definitions and keeps its state when react-admin registers one again unchanged or unregisters one of
 * them. Anything else registers and unregisters as in ra-core's ResourceDefinitionContextProvider.
 */
export function StaticResourceDefinitions({ initial, children }: { initial: Definitions; children: ReactNode }) {
  const [definitions, setDefinitions] = useState(initial);
  const register = useCallback((config: ResourceDefinition) => {
    setDefinitions((previous) =>
      sameDefinition(previous[config.name], config) ? previous : { ...previous, [config.name]: config },
    );
  }, []);
  const unregister = useCallback(
    (config: ResourceDefinition) => {
      setDefinitions((previous) => {
        if (sameDefinition(initial[config.name], config) && previous[config.name] === initial[config.name]) {
          return previous;
        }
        const { [config.name]: _removed, ...rest } = previous;
        return rest;
      });
    },
    [initial],
  );
  const value = useMemo(() => ({ definitions, register, unregister }), [definitions, register, unregister]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
}
