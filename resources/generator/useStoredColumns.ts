import { Children, isValidElement, type ReactNode, useState } from 'react';
import { useStoreContext, useTranslate } from 'react-admin';

type ColumnProps = { source?: string; label?: unknown };

/**
 * react-admin's DatagridConfigurable learns its columns in an effect after its first render: on a first visit (an
 * empty store) it draws its rows without a cell, then the whole list again with them (two more renders
 * between the list's first render and its first cell). This writes what that effect would store (the same list,
 * by the same rule, ra-ui-materialui DatagridConfigurable) before the datagrid first renders, so its first render
 * is the real one and its effect finds nothing to change. A store that has them already is left alone.
 */
export function useStoredColumns(resource: string, children: ReactNode, omit: string[]): void {
  const store = useStoreContext();
  const translate = useTranslate();
  useState(() => {
    const key = `preferences.${resource}.datagrid`;
    if (store.getItem(`${key}.availableColumns`) !== undefined) return;
    const columns = Children.toArray(children)
      .filter(isValidElement)
      .map((child, index) => {
        const { source, label } = child.props as ColumnProps;
        return {
          index: String(index),
          source,
          label:
            label && typeof label === 'string'
              ? label
              : source
                ? undefined
                : translate('ra.configurable.Datagrid.unlabeled', { column: index, _: 'Unlabeled column #%{column}' }),
        };
      });
    store.setItem(`${key}.availableColumns`, columns);
    store.setItem(`${key}.omit`, omit);
  });
}
