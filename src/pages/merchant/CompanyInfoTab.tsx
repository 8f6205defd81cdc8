import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { companies } from '../../../resources/companies';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import type { ValidatorName } from '../../domain/validation';
import { FieldsForm, type FormField } from './FieldsForm';
import { type CompanyRecord, fetchCompany, saveContacts, saveInvoiceInfo } from './merchantApi';

const REGISTERED = [
  ['name', '企业名称'],
  ['creditCode', '统一社会信用代码'],
  ['legalPersonName', '法人姓名'],
  ['subsidiaryName', '所属分公司'],
  ['createTime', '注册时间'],
] as const;

/** The declaration's form fields, so labels and rules are the ones staff and server use. */
function declared(pick: (source: string) => boolean): FormField[] {
  return companies.fields
    .filter((field) => field.form && pick(field.source))
    .map((field) => ({
      source: field.source,
      label: field.label,
      validate: field.validate as ValidatorName | undefined,
    }));
}
const CONTACT_FIELDS = declared((source) => source === 'linkmanName' || source === 'linkmanMobile');
const INVOICE_FIELDS = declared((source) => source.startsWith('invoice'));

/** ?type=first: registered data (read-only), contacts and invoice information (editable, own company only). */
export function CompanyInfoTab({ companyId }: { companyId: number }) {
  const [company, setCompany] = useState<CompanyRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One guard for the page: the router keeps a single blocker, so each form only reports its state.
  const [dirtyForms, setDirtyForms] = useState<Record<string, boolean>>({});
  const [contactsDirty, invoiceDirty] = useMemo(() => {
    const report = (form: string) => (dirty: boolean) =>
      setDirtyForms((current) => (current[form] === dirty ? current : { ...current, [form]: dirty }));
    return [report('contacts'), report('invoice')];
  }, []);
  useLeaveGuard(Object.values(dirtyForms).some(Boolean));
  useEffect(() => {
    fetchCompany(companyId).then(setCompany, (failure: Error) => setError(failure.message));
  }, [companyId]);

  if (error) return <Typography color="error">{error}</Typography>;
  if (!company) return <Typography>加载中…</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            企业信息
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
            {REGISTERED.map(([source, label]) => (
              <Box key={source} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {company[source] ?? '—'}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            联系人
          </Typography>
          <FieldsForm
            title="联系人"
            fields={CONTACT_FIELDS}
            initial={company}
            save={async (values) => setCompany(await saveContacts(companyId, values))}
            onDirtyChange={contactsDirty}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            开票信息
          </Typography>
          <FieldsForm
            title="开票信息"
            fields={INVOICE_FIELDS}
            initial={company}
            save={async (values) => setCompany(await saveInvoiceInfo(companyId, values))}
            onDirtyChange={invoiceDirty}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
