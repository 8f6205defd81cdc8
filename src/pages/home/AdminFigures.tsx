import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';
import type { Page } from '../../domain/codes';
import { canAccessRoute } from '../../domain/permissions';
import { findRoute } from '../../domain/routes';
import { useSession } from '../../layout/useSession';
import { StatCard } from './StatCard';

interface Figure {
  label: string;
  route: string;
  path: string;
  q?: Record<string, unknown>;
}

/** Each figure is the total of a list the role can open; it links to that list. */
const FIGURES: readonly Figure[] = [
  { label: '企业总数', route: '/adMerchant', path: '/api/v1/companies/search' },
  { label: '合同总数', route: '/adPlatformCooperation', path: '/api/v1/contract' },
  { label: '已发布公告', route: '/adNotice', path: '/api/v1/notifications/search', q: { status: 1 } },
  { label: '行业数', route: '/adIndustrymanagement', path: '/api/v1/industry/search' },
];

export function AdminFigures() {
  const session = useSession();
  const [values, setValues] = useState<Record<string, number>>({});
  const figures = session ? FIGURES.filter((figure) => canAccessRoute(session.user, findRoute(figure.route)!)) : [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: figures derive from the session, which does not change while the page is open
  useEffect(() => {
    for (const figure of figures) {
      requestContent<Page<unknown>>(figure.path, {
        query: { page: 0, size: 1 },
        q: figure.q,
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
          to={figure.route}
        />
      ))}
    </Box>
  );
}
