import { useLayoutEffect } from 'react';
import { useListContext } from 'react-admin';
import { endFirstPaint } from '../../src/boot/handoff';

/**
 * Inside a generated list: once the list has its data (or its error), it replaces the first paint, in the commit
 * that draws the list's rows (a layout effect: the picture must not cover them until React gets round to its
 * passive effects, which in this build may come after the browser has painted).
 */
export function ListFirstPaintHandoff() {
  const { isPending } = useListContext();
  useLayoutEffect(() => {
    if (!isPending) endFirstPaint();
  }, [isPending]);
  return null;
}
