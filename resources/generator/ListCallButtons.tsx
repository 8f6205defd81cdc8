import { useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { ApiError, requestContent } from '../../providers/httpClient';
import { getSession } from '../../providers/sessionStore';
import { hasAnyPermission } from '../../src/domain/permissions';
import type { ListCallDeclaration, ResourceDeclaration } from '../types';
import { ValuesDialog } from './ValuesDialog';

function ListCallButton({ call }: { call: ListCallDeclaration }) {
  const notify = useNotify();
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<{ content: unknown } | null>(null);
  const open = async () => {
    setRunning(true);
    try {
      setAnswer({ content: await requestContent<unknown>(call.path, { silent: true }) });
    } catch (error) {
      notify(error instanceof ApiError || error instanceof Error ? error.message : `${call.label}失败`, {
        type: 'error',
        autoHideDuration: 5000,
      });
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button label={call.label} disabled={running} onClick={() => void open()} />
      {answer && (
        <ValuesDialog
          result={call.result}
          title={call.result.title}
          content={answer.content}
          onClose={() => setAnswer(null)}
        />
      )}
    </>
  );
}

/** The list's read-only toolbar calls (ResourceDeclaration.listCalls), each hidden without its codes. */
export function ListCallButtons({ declaration }: { declaration: ResourceDeclaration }) {
  const user = getSession()?.user;
  return (declaration.listCalls ?? [])
    .filter((call) => hasAnyPermission(user, call.permissions ?? declaration.permissions.list))
    .map((call) => <ListCallButton key={call.name} call={call} />);
}
