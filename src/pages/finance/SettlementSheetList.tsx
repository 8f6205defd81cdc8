import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type RaRecord, useRefresh } from 'react-admin';
import { MonthField } from '../../../resources/generator/DateFields';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { RowActions } from '../../../resources/generator/RowActions';
import type { ResourceDeclaration } from '../../../resources/types';
import { chinaPreviousMonth } from '../../domain/chinaTime';
import { showToast } from '../../shell/toast';
import { CompanyPicker } from './CompanyPicker';
import { act, type CompanyOption, downloadFile } from './financeApi';

function GenerateCard() {
  const refresh = useRefresh();
  // A sheet is only generated for a month that has ended: last month in China time.
  const [month, setMonth] = useState(chinaPreviousMonth());
  const [platformMark, setPlatformMark] = useState(1);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      await act('/api/v1/settlementsheets/generate', {
        method: 'POST',
        json: { month, platformmark: platformMark, companyId: company?.id },
      });
      refresh();
    } catch {
      // the request layer already showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          生成结算单
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          按账本计算所选月份的期初余额、充值、打款、服务费、失败退回和期末余额。不选企业则为该版本所有有余额或流水的企业生成；
          待确认的结算单会按账本重新计算，已确认的结算单不会改动（如需更正，请在列表中对其「更正」）。
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <MonthField label="结算月份" value={month} onChange={setMonth} />
          <TextField
            select
            label="版本"
            size="small"
            value={platformMark}
            onChange={(event) => {
              setPlatformMark(Number(event.target.value));
              setCompany(null);
            }}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value={1}>标准版</MenuItem>
            <MenuItem value={3}>小规模版</MenuItem>
          </TextField>
          <CompanyPicker label="企业（不选为全部）" platformMark={platformMark} value={company} onChange={setCompany} />
          <Button variant="contained" disabled={busy || !month} onClick={() => void generate()}>
            生成结算单
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function SheetActions({ declaration, record }: { declaration: ResourceDeclaration; record: RaRecord }) {
  const download = (kind: 'pdf' | 'xlsx') =>
    downloadFile(`/api/v1/settlementsheets/${record.id}/${kind}`, `结算单_${record.sheetNo}.${kind}`).catch(
      (error: Error) => showToast(error.message, 'error'),
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center' }} onClick={(event) => event.stopPropagation()}>
      <RowActions declaration={declaration} />
      <Button size="small" onClick={() => void download('pdf')}>
        下载PDF
      </Button>
      <Button size="small" onClick={() => void download('xlsx')}>
        下载Excel
      </Button>
    </Box>
  );
}

/** 结算单管理: the generate form above the declared list, with the PDF / Excel downloads on each row. */
export function SettlementSheetList({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <GenerateCard />
      <GeneratedList
        declaration={declaration}
        rowClick="show"
        renderActions={(record) => <SheetActions declaration={declaration} record={record} />}
      />
    </Box>
  );
}
