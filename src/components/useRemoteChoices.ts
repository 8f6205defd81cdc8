import { useEffect, useState } from 'react';
import { requestContent } from '../../providers/httpClient';
import type { Choice } from '../domain/enums';

/** Choices kept as data (a declaration's `choicesFrom`): GET path → [{ id, name }]; [] until they arrive. */
export function useRemoteChoices(path: string | undefined): readonly Choice[] {
  const [choices, setChoices] = useState<readonly Choice[]>([]);
  useEffect(() => {
    if (!path) return;
    let alive = true;
    requestContent<Choice[]>(path, { silent: true }).then(
      (rows) => alive && setChoices(rows),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [path]);
  return choices;
}
