import Box from '@mui/material/Box';
import queryString from 'query-string';
import { useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';
import { resourceApi } from '../../../resources/registry';
import type { Page } from '../../domain/codes';
import { canAccessRoute } from '../../domain/permissions';
import { findRoute } from '../../domain/routes';
import { useSession } from '../../layout/useSession';
import { StatCard } from './StatCard';

interface Figure {
  label: string;
  /** A declared resource's route: the figure is the total of its list, with the filter. */
  route: string;
  filter?: Record<string, unknown>;
}

/** Each figure is the total of a list the role can open; it links to that list, filtered the same way. */
const FIGURES: readonly Figure[] = [
  { label: '企业总数', route: '/adMerchant' },
  { label: '合同总数', route: '/adPlatformCooperation' },
  { label: '已发布公告', route: '/adNotice', filter: { status: 1 } },
  { label: '行业数', route: '/adIndustrymanagement' },
  { label: '待确认充值', route: '/adMoneyManagement', filter: { status: 0 } },
  { label: '待确认充值（小规模）', route: '/adSmallMoneyManagement', filter: { status: 0 } },
  { label: '待处理开票申请', route: '/adInvoice', filter: { status: 1 } },
  { label: '待处理异常资金', route: '/adErrorMoney', filter: { status: 0 } },
];

function listLink(figure: Figure): string {
  return figure.filter
    ? queryString.stringifyUrl({ url: figure.route, query: { filter: JSON.stringify(figure.filter) } })
    : figure.route;
}

export function AdminFigures() {
  const session = useSession();
  const [values, setValues] = useState<Record<string, number>>({});
  const figures = session ? FIGURES.filter((figure) => canAccessRoute(session.user, findRoute(figure.route)!)) : [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: figures derive from the session, which does not change while the page is open
  useEffect(() => {
    for (const figure of figures) {
      const api = resourceApi(figure.route.slice(1));
      requestContent<Page<unknown>>(api.list, {
        query: { page: 0, size: 1, ...api.listQuery },
        q: figure.filter,
        silent: true,
        background: true,
      })
        .then((page) => setValues((current) => ({ ...current, [figure.label]: page.totalElements })))
        .catch(() => undefined);
    }
  }, []);

  if (figures.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
      {figures.map((figure) => (
        <StatCard
          key={figure.label}
          label={figure.label}
          value={values[figure.label]?.toLocaleString('zh-CN')}
          to={listLink(figure)}
        />
      ))}
    </Box>
  );
}
