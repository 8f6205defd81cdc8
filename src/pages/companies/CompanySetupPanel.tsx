import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useRecordContext, useResourceContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { requestContent } from '../../../providers/httpClient';
import { getSession } from '../../../providers/sessionStore';
import { actionPermitted } from '../../../resources/actionRequest';
import { ASSIGN_SERVICE, companies, smallCompanies } from '../../../resources/companies';
import { ActionButton } from '../../../resources/generator/RowActions';
import type { ActionDeclaration } from '../../../resources/types';
import type { SetupStep, SetupStepKey } from '../../domain/companySetup';
import { ENTERPRISE_STATUS } from '../../domain/enterprises';
import { PLATFORM_MARK_CHOICES } from '../../domain/enums';
import { canAccessRoute } from '../../domain/permissions';
import { findRoute } from '../../domain/routes';

/** GET /api/v1/companies/:id/setup */
interface CompanySetup {
  companyId: number;
  companyName: string;
  platformMark: number;
  remaining: number;
  steps: SetupStep[];
  enterprises: { id: number; name: string; platformMark: number; status: number; signed: number }[];
}

/** The row action an operator's step is done with, by its name in the company declaration. */
const STEP_ACTIONS: Partial<Record<SetupStepKey, string>> = {
  enterprises: 'bindEnterprise',
  partner: 'salepartner',
};

const filterLink = (path: string, filter: Record<string, unknown>) =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Where a step is done on another page, with the company preselected by that page's URL filter. */
function stepLink(step: SetupStepKey, setup: CompanySetup): { to: string; label: string } | null {
  if (step === 'rate') {
    return {
      to: filterLink('/adJcyHappyElimination', { coname: setup.companyName, platformMark: setup.platformMark }),
      label: '去设置费率',
    };
  }
  if (step === 'agreement') {
    return { to: filterLink('/adPlatformCooperation', { companyNm: setup.companyName }), label: '查看企业合同' };
  }
  return null;
}

const choiceName = (choices: readonly { id: number | string; name: string }[], id: number) =>
  choices.find((choice) => Number(choice.id) === id)?.name ?? String(id);

function StepAction({
  step,
  setup,
  record,
  onDone,
}: {
  step: SetupStep;
  setup: CompanySetup;
  record: Record<string, unknown>;
  onDone: () => void;
}) {
  const resource = useResourceContext();
  const declaration = resource === smallCompanies.name ? smallCompanies : companies;
  const user = getSession()?.user;
  const title = setup.companyName;
  const named = STEP_ACTIONS[step.key];
  const action: ActionDeclaration | undefined =
    step.key === 'branch' ? ASSIGN_SERVICE : declaration.actions?.find((item) => item.name === named);
  if (action && actionPermitted(action, declaration, user)) {
    return <ActionButton action={action} record={record} title={title} onDone={onDone} />;
  }
  const link = stepLink(step.key, setup);
  const rule = link ? findRoute(link.to) : undefined;
  if (link && rule && canAccessRoute(user, rule)) {
    return (
      <MuiLink component={Link} to={link.to}>
        {link.label}
      </MuiLink>
    );
  }
  if (step.by === 'merchant') {
    return (
      <Typography variant="body2" color="text.secondary">
        由企业完成
      </Typography>
    );
  }
  return null;
}

/**
 * A company's 开通进度 on its detail view: each step a payout needs, done or what is missing, with the button that
 * does it here (the row action's own dialog) or a link to the page that does, and the signing entities bound to it.
 */
export function CompanySetupPanel() {
  const record = useRecordContext();
  const [setup, setSetup] = useState<CompanySetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = record?.id;

  const load = useCallback(() => {
    if (id === undefined) return () => undefined;
    let live = true;
    requestContent<CompanySetup>(`/api/v1/companies/${encodeURIComponent(String(id))}/setup`, { silent: true }).then(
      (answer) => {
        if (!live) return;
        setSetup(answer);
        setError(null);
      },
      (failure: Error) => live && setError(failure.message || '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(() => load(), [load]);

  if (!record) return null;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!setup) return <Typography sx={{ p: 2 }}>加载中…</Typography>;
  const reload = () => void load();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              开通进度
            </Typography>
            <Typography role="status" color={setup.remaining === 0 ? 'success.main' : 'text.primary'}>
              {setup.remaining === 0 ? '已全部完成，企业可以打款' : `待完善 ${setup.remaining} 项`}
            </Typography>
          </Box>
          <Table size="small" aria-label="开通进度">
            <TableHead>
              <TableRow>
                <TableCell>步骤</TableCell>
                <TableCell>状态</TableCell>
                <TableCell>当前设置</TableCell>
                <TableCell>操作</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {setup.steps.map((step) => (
                <TableRow key={step.key}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {step.label}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={step.done ? '已完成' : '未完成'}
                      color={step.done ? 'success' : 'default'}
                      variant={step.done ? 'filled' : 'outlined'}
                    />
                  </TableCell>
                  <TableCell>{step.text}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {!step.done && <StepAction step={step} setup={setup} record={record} onDone={reload} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            签约主体
          </Typography>
          {setup.enterprises.length === 0 ? (
            <Typography color="text.secondary">尚未绑定签约主体</Typography>
          ) : (
            <Table size="small" aria-label="签约主体">
              <TableHead>
                <TableRow>
                  <TableCell>主体名称</TableCell>
                  <TableCell>版本</TableCell>
                  <TableCell>主体状态</TableCell>
                  <TableCell>服务协议</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {setup.enterprises.map((enterprise) => (
                  <TableRow key={enterprise.id}>
                    <TableCell>{enterprise.name}</TableCell>
                    <TableCell>{choiceName(PLATFORM_MARK_CHOICES, enterprise.platformMark)}</TableCell>
                    <TableCell>{choiceName(ENTERPRISE_STATUS, enterprise.status)}</TableCell>
                    <TableCell>{enterprise.signed === 1 ? '已签署' : '未签署'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
