import { useEffect } from 'react';
import { useListContext } from 'react-admin';
import { endFirstPaint } from '../../src/boot/handoff';

/** Inside a generated list: once the list has its data (or its error), it replaces the first paint. */
export function ListFirstPaintHandoff() {
  const { isPending } = useListContext();
  useEffect(() => {
    if (!isPending) endFirstPaint();
  }, [isPending]);
  return null;
}
