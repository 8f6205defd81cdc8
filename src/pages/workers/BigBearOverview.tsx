import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { requestContent } from '../../../providers/httpClient';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { StatCard } from '../home/StatCard';

interface Summary {
  total: number;
  pending: number;
  signed: number;
  rescinded: number;
  enterprises: { id: number; name: string; uploadEnabled: number; count: number }[];
}

/**
 * /bigBearOverview 大熊人员概览: how many of the company's workers signing with 大熊 enterprises are 待签署 /
 * 已签署 / 已解约, by enterprise, and the list (签署链接 for those still to sign, 下载协议 for signed ones).
 */
export function BigBearOverview({ declaration }: { declaration: ResourceDeclaration }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    requestContent<Summary>('/api/v1/workers/bigbear/summary', { silent: true })
      .then(setSummary)
      .catch((reason: Error) => setError(reason.message));
  }, []);
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      {error && <Alert severity="error">{error}</Alert>}
      {summary && (
        <Card>
          <CardContent>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
              <StatCard label="大熊人员" value={summary.total.toLocaleString('zh-CN')} />
              <StatCard label="待签署" value={summary.pending.toLocaleString('zh-CN')} />
              <StatCard label="已签署" value={summary.signed.toLocaleString('zh-CN')} />
              <StatCard label="已解约" value={summary.rescinded.toLocaleString('zh-CN')} />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
              <Typography variant="body2" color="text.secondary">
                服务主体：
              </Typography>
              {summary.enterprises.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  暂无人员与大熊服务主体签约
                </Typography>
              )}
              {summary.enterprises.map((enterprise) => (
                <Chip key={enterprise.id} label={`${enterprise.name}：${enterprise.count.toLocaleString('zh-CN')}人`} />
              ))}
              <Box sx={{ flex: 1 }} />
              <Button component={Link} to="/signUser" variant="outlined" size="small">
                导入人员 / 发起签署
              </Button>
              <Button component={Link} to="/contractOddJobManagement" variant="outlined" size="small">
                灵工合同（下载协议）
              </Button>
            </Box>
          </CardContent>
        </Card>
      )}
      <GeneratedList declaration={declaration} />
    </Box>
  );
}
