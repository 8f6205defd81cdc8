import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { logoutLocally } from '../../../providers/auth/loginApi';
import { hashPassword } from '../../../providers/auth/passwordHash';
import { request, requestContent } from '../../../providers/httpClient';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { CODE_OK } from '../../domain/codes';
import { COMPANY_LOOKUP_MIN_CHARS } from '../../domain/companyLookup';
import { type RegistryRecord, registryFill } from '../../domain/registryFill';
import { SMS_TYPE } from '../../domain/session';
import { validateRegisterMobile } from '../../domain/validation';
import { showToast } from '../../shell/toast';
import { DivisionSelects, useDivisions } from './DivisionSelects';
import {
  COMPANY_NATURES,
  COMPANY_SIZES,
  type CompanyForm,
  companyErrors,
  EMPTY_COMPANY,
  EMPTY_MOBILE,
  EMPTY_PASSWORD,
  type Errors,
  hasErrors,
  imageFileError,
  type MobileForm,
  mobileErrors,
  type PasswordForm,
  passwordErrors,
} from './registerForms';

const SendSmsDialog = lazy(() =>
  import('../../components/SendSmsDialog').then((module) => ({ default: module.SendSmsDialog })),
);

const STEPS = ['验证手机号', '设置密码', '填写企业信息'];
export const MSG_REGISTERED = '注册成功，请联系客服激活账号。';

/** A business error as the message to show, or undefined when the call succeeded. */
async function refusal(path: string, query: Record<string, string>): Promise<string | undefined> {
  const answer = await request(path, { query, silent: true });
  return answer.code === CODE_OK ? undefined : answer.message;
}

function ImageUpload({
  label,
  name,
  error,
  onUploaded,
}: {
  label: string;
  name: string;
  error?: string;
  onUploaded: (url: string, name: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const message = imageFileError(file);
    if (message) {
      showToast(message, 'error');
      return;
    }
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    try {
      const answer = await request<{ url: string; name: string }>('/api/v1/companies/register/upload', {
        method: 'POST',
        body,
        silent: true,
      });
      if (answer.code === CODE_OK) onUploaded(answer.content.url, answer.content.name);
      else showToast(answer.message, 'error');
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button variant="outlined" component="label" disabled={busy}>
        {label}
        <input
          hidden
          type="file"
          accept=".jpg,.jpeg,.png"
          aria-label={label}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Button>
      <Typography variant="body2" component="span" sx={{ ml: 1 }} color={error ? 'error' : 'text.secondary'}>
        {name || error || '支持 jpg、jpeg、png，小于10M'}
      </Typography>
    </Box>
  );
}

/** /register (spec §2): mobile and SMS code, password, company information; then wait for activation. */
export function RegisterPage() {
  const [step, setStep] = useState(0);
  const [mobileForm, setMobileForm] = useState<MobileForm>(EMPTY_MOBILE);
  const [passwordForm, setPasswordForm] = useState<PasswordForm>(EMPTY_PASSWORD);
  const [company, setCompany] = useState<CompanyForm>(EMPTY_COMPANY);
  const [errors, setErrors] = useState<Errors<MobileForm & PasswordForm & CompanyForm>>({});
  const [smsOpen, setSmsOpen] = useState(false);
  const [sentAt, setSentAt] = useState(0);
  const [industries, setIndustries] = useState<{ id: number; nm: string }[]>([]);
  const [suggestions, setSuggestions] = useState<RegistryRecord[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const divisions = useDivisions();

  useEffect(() => {
    document.title = '注册账号';
    requestContent<{ id: number; nm: string }[]>('/api/v1/companies/register/industries', { silent: true })
      .then(setIndustries)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    const name = company.name.trim();
    if (step !== 2 || [...name].length < COMPANY_LOOKUP_MIN_CHARS) return;
    const timer = setTimeout(() => {
      requestContent<RegistryRecord[]>('/api/v1/companies/tianyancha', {
        query: { name },
        silent: true,
        background: true,
      })
        .then(setSuggestions)
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [company.name, step]);

  const requestCode = () => {
    const message = validateRegisterMobile(mobileForm.mobile);
    setErrors({ mobile: message });
    if (!message) setSmsOpen(true);
  };

  /** Going back a step resets the forms of the later steps (spec §2). */
  const back = () => {
    const target = step - 1;
    if (target < 2) setCompany(EMPTY_COMPANY);
    if (target < 1) setPasswordForm(EMPTY_PASSWORD);
    setErrors({});
    setStep(target);
  };

  const next = async () => {
    if (step === 0) {
      const found = mobileErrors(mobileForm);
      setErrors(found);
      if (hasErrors(found)) return;
      const taken = await refusal('/api/v1/companies/duplicate/checking', { mobile: mobileForm.mobile.trim() });
      if (taken) {
        setErrors({ mobile: taken });
        return;
      }
    } else if (step === 1) {
      const found = passwordErrors(passwordForm);
      setErrors(found);
      if (hasErrors(found)) return;
    }
    setErrors({});
    setStep(step + 1);
  };

  const submit = async () => {
    const found = companyErrors(company, divisions);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      const taken = await refusal('/api/v1/companies/duplicate/checking', { name: company.name.trim() });
      if (taken) {
        setErrors({ name: taken });
        return;
      }
      const license = company.businessLicense.trim().toUpperCase();
      const answer = await request('/api/v1/companies/registernewcloud', {
        method: 'POST',
        silent: true,
        json: {
          mobile: mobileForm.mobile.trim(),
          code: mobileForm.code.trim(),
          password: hashPassword(passwordForm.password.trim()),
          name: company.name.trim(),
          companyNature: company.companyNature,
          industryId: Number(company.industryId),
          companySize: company.companySize,
          businessLicense: license,
          invoiceTaxNumber: license,
          province: company.province,
          city: company.city,
          district: company.district,
          legalPersonName: company.legalPersonName.trim(),
          linkmanName: company.linkmanName.trim(),
          licenseUrl: company.licenseUrl,
          studentCardUrl: company.studentCardUrl || undefined,
          platformMark: Number(company.platformMark),
        },
      });
      if (answer.code === CODE_OK) setDone(true);
      else showToast(answer.message, 'error');
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    } finally {
      setSubmitting(false);
    }
  };

  const finish = () => {
    logoutLocally();
    window.location.assign('/login');
  };

  const companyField = (key: keyof CompanyForm) => ({
    value: company[key],
    onChange: (event: { target: { value: string } }) => {
      setCompany({ ...company, [key]: event.target.value });
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
    error: !!errors[key],
    helperText: errors[key],
    fullWidth: true,
    size: 'small' as const,
  });

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        py: 6,
        bgcolor: '#f0f2f5',
      }}
    >
      <Card sx={{ width: 720, maxWidth: '96vw' }} component="main">
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" align="center" gutterBottom>
            注册账号
          </Typography>
          <Stepper activeStep={step} sx={{ my: 3 }}>
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>

          {step === 0 && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField
                label="手机号"
                value={mobileForm.mobile}
                onChange={(event) => setMobileForm({ ...mobileForm, mobile: event.target.value })}
                error={!!errors.mobile}
                helperText={errors.mobile}
                inputMode="tel"
                fullWidth
              />
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  label="验证码"
                  value={mobileForm.code}
                  onChange={(event) => setMobileForm({ ...mobileForm, code: event.target.value })}
                  error={!!errors.code}
                  helperText={errors.code}
                  inputMode="numeric"
                  sx={{ flex: 1 }}
                />
                <SmsCodeButton sentAt={sentAt} onClick={requestCode} />
              </Box>
            </Box>
          )}

          {step === 1 && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField
                label="密码"
                type="password"
                autoComplete="new-password"
                value={passwordForm.password}
                onChange={(event) => setPasswordForm({ ...passwordForm, password: event.target.value })}
                error={!!errors.password}
                helperText={errors.password ?? '8-30位，须同时包含字母和数字'}
                fullWidth
              />
              <TextField
                label="确认密码"
                type="password"
                autoComplete="new-password"
                value={passwordForm.repeat}
                onChange={(event) => setPasswordForm({ ...passwordForm, repeat: event.target.value })}
                error={!!errors.repeat}
                helperText={errors.repeat}
                fullWidth
              />
            </Box>
          )}

          {step === 2 && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Autocomplete
                  freeSolo
                  options={suggestions.map((suggestion) => suggestion.name)}
                  inputValue={company.name}
                  onInputChange={(_, value) => {
                    setCompany((current) => ({ ...current, name: value }));
                    setErrors((current) => ({ ...current, name: undefined }));
                  }}
                  onChange={(_, picked) => {
                    // Picking a registry record fills in what the registry knows (统一社会信用代码, 法人, 地区, …).
                    const record = suggestions.find((suggestion) => suggestion.name === picked);
                    if (!record) return;
                    const fill = registryFill(record, COMPANY_NATURES, COMPANY_SIZES, divisions);
                    setCompany((current) => ({ ...current, ...fill }));
                    setErrors((current) => {
                      const next = { ...current };
                      for (const key of Object.keys(fill)) delete next[key as keyof typeof next];
                      return next;
                    });
                  }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="公司名称"
                      size="small"
                      error={!!errors.name}
                      helperText={errors.name}
                    />
                  )}
                />
              </Box>
              <TextField select label="公司性质" {...companyField('companyNature')}>
                {COMPANY_NATURES.map((nature) => (
                  <MenuItem key={nature} value={nature}>
                    {nature}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="所属行业" {...companyField('industryId')}>
                {industries.map((industry) => (
                  <MenuItem key={industry.id} value={String(industry.id)}>
                    {industry.nm}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="公司规模" {...companyField('companySize')}>
                {COMPANY_SIZES.map((size) => (
                  <MenuItem key={size} value={size}>
                    {size}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="统一社会信用代码"
                {...companyField('businessLicense')}
                helperText={errors.businessLicense ?? '18位，见营业执照'}
                slotProps={{ htmlInput: { maxLength: 18, style: { textTransform: 'uppercase' } } }}
              />
              <TextField label="法人姓名" {...companyField('legalPersonName')} />
              <TextField label="联系人姓名" {...companyField('linkmanName')} />
              <DivisionSelects
                tree={divisions}
                value={company}
                errors={errors}
                onChange={(place) => {
                  setCompany((current) => ({ ...current, ...place }));
                  setErrors((current) => ({ ...current, province: undefined, city: undefined, district: undefined }));
                }}
              />
              <TextField select label="平台版本" {...companyField('platformMark')}>
                <MenuItem value="1">标准版</MenuItem>
                <MenuItem value="3">小规模版</MenuItem>
              </TextField>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <ImageUpload
                  label="上传营业执照"
                  name={company.licenseName}
                  error={errors.licenseUrl}
                  onUploaded={(url, name) =>
                    setCompany((current) => ({ ...current, licenseUrl: url, licenseName: name }))
                  }
                />
              </Box>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <ImageUpload
                  label="上传学生证（选填）"
                  name={company.studentCardName}
                  onUploaded={(url, name) =>
                    setCompany((current) => ({ ...current, studentCardUrl: url, studentCardName: name }))
                  }
                />
              </Box>
            </Box>
          )}

          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4 }}>
            {step > 0 ? (
              <Button onClick={back}>上一步</Button>
            ) : (
              <Link href="/login" sx={{ alignSelf: 'center' }}>
                已有账号，去登录
              </Link>
            )}
            {step < 2 ? (
              <Button variant="contained" onClick={() => void next()}>
                下一步
              </Button>
            ) : (
              <Button variant="contained" onClick={() => void submit()} disabled={submitting}>
                {submitting ? '提交中…' : '提交注册'}
              </Button>
            )}
          </Box>
        </CardContent>
      </Card>
      <Suspense fallback={null}>
        {smsOpen && (
          <SendSmsDialog
            open
            mobile={mobileForm.mobile.trim()}
            type={SMS_TYPE.register}
            onClose={() => setSmsOpen(false)}
            onSent={() => setSentAt(Date.now())}
          />
        )}
      </Suspense>
      <Dialog open={done} onClose={finish}>
        <DialogContent>
          <Typography>{MSG_REGISTERED}</Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={finish}>
            确定
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
