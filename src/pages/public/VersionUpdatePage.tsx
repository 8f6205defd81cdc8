import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';
import { getPlatformMark } from '../../../providers/sessionStore';
import { productTitle } from '../../domain/editions';
import { PublicFrame } from './PublicFrame';

interface VersionRecord {
  id: number;
  version: string;
  releaseDate: string;
  content: string;
}

/** About us and the version history maintained at /adVersionUpdate: the public page's and the layout's body. */
export function AboutContent() {
  const mark = getPlatformMark();
  const [versions, setVersions] = useState<VersionRecord[] | null>(null);
  useEffect(() => {
    requestContent<VersionRecord[]>('/api/v1/versions/public', { query: { platformmark: mark }, silent: true })
      .then(setVersions)
      .catch(() => setVersions([]));
  }, [mark]);
  return (
    <>
      <Typography>
        {productTitle(mark)}
        为企业提供灵活用工结算服务：零工签约、任务发布、批量发放、完税凭证与发票申请，资金全程可追溯。
      </Typography>
      <Divider />
      <Typography variant="h6" component="h2">
        版本更新记录
      </Typography>
      {versions === null && <Typography>加载中…</Typography>}
      {versions?.length === 0 && <Typography color="text.secondary">暂无版本记录</Typography>}
      {versions?.map((version) => (
        <Box key={version.id} component="section" aria-label={`版本 ${version.version}`}>
          <Typography variant="subtitle1">
            {version.version}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {version.releaseDate}
            </Typography>
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {version.content}
          </Typography>
        </Box>
      ))}
    </>
  );
}

/** /versionUpdate for a visitor who is not logged in: the public frame, with 返回登录. */
export function VersionUpdatePage() {
  return (
    <PublicFrame title="关于我们">
      <AboutContent />
    </PublicFrame>
  );
}
