import Box from '@mui/material/Box';
import type { RaRecord } from 'react-admin';
import { getSession } from '../../../providers/sessionStore';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { RowActions } from '../../../resources/generator/RowActions';
import type { ResourceDeclaration } from '../../../resources/types';
import { hasAnyPermission } from '../../domain/permissions';
import { RegistrationEditButton } from './RegistrationEditButton';

/** Only a registration still waiting for activation may be corrected (the server refuses the others too). */
const PENDING = 0;

/**
 * /adActivateMerchant and /adSmallActivateMerchant: the generated list, where a pending registration also offers
 * 修改 (the registration's company fields, before it is activated) beside the declared 激活 and 驳回.
 */
export function RegistrationList({ declaration }: { declaration: ResourceDeclaration }) {
  const codes = declaration.permissions.edit ?? declaration.permissions.list;
  const actions = (record: RaRecord) => (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
      {Number(record.status) === PENDING && hasAnyPermission(getSession()?.user, codes) && (
        <RegistrationEditButton record={record} />
      )}
      <RowActions declaration={declaration} />
    </Box>
  );
  return <GeneratedList declaration={declaration} renderActions={actions} />;
}
