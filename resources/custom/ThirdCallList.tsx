import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { GeneratedList } from '../generator/GeneratedList';
import type { ResourceDeclaration } from '../types';

/** JSON shown indented; anything else as it came. */
function pretty(text: unknown): string {
  if (typeof text !== 'string' || text === '') return '（无）';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Block({ label, text }: { label: string; text: unknown }) {
  return (
    <Box sx={{ flex: 1, minWidth: 280 }}>
      <Typography variant="subtitle2" gutterBottom>
        {label}
      </Typography>
      <Box
        component="pre"
        aria-label={label}
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontSize: 12,
          maxHeight: 320,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {pretty(text)}
      </Box>
    </Box>
  );
}

/** A call's request and response, opened by a click on its row. */
function CallDetail() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {String(record.method ?? '')} {String(record.path ?? '')}
        {record.replayOf ? `（重放自第 ${record.replayOf} 条，操作人 ${record.operator ?? ''}）` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {record.requestHeaders ? <Block label="请求头" text={record.requestHeaders} /> : null}
        <Block label="请求内容" text={record.requestBody} />
        <Block label="应答内容" text={record.responseBody} />
      </Box>
    </Box>
  );
}

/**
 * A callback page (/adThirdCallBack*): the generated list of one channel's calls; a row opens its request and
 * response, and an inbound call can be replayed (the declared row action).
 */
export function ThirdCallList({ declaration }: { declaration: ResourceDeclaration }) {
  return <GeneratedList declaration={declaration} rowClick="expand" expand={<CallDetail />} />;
}
