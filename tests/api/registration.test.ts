import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBytes, multipartRequest } from './support/multipart';
import {
  authed,
  createTestApp,
  envelopeOf,
  lastSmsCode,
  login,
  sha256Hex,
  solveCaptcha,
  type TestApp,
  tokenOf,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const PASSWORD = 'abc12345';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let mobileSeq = 0;
const nextMobile = () => `1370000${String(1000 + mobileSeq++).padStart(4, '0')}`;
let nameSeq = 0;
const nextName = () => `杭州测试注册科技有限公司${nameSeq++}`;

/** Each call comes from its own address, so the per-IP limits of uploads and SMS do not add up across tests. */
let ipSeq = 1;
const nextIp = () => `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

async function uploadLicence(name = '执照.png', content = fileBytes('png', 500), remoteAddress = nextIp()) {
  const body = multipartRequest([{ name: 'file', filename: name, content }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/companies/register/upload',
    remoteAddress,
    ...body,
  });
  return envelopeOf(response);
}

async function sendRegisterCode(mobile: string) {
  const { captchaId, code } = await solveCaptcha(t.app, t.db);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sms/vericodeno',
    remoteAddress: nextIp(),
    payload: { mobile, type: 6, token: captchaId, code, module: 2 },
  });
  return envelopeOf(response);
}

async function validForm(mobile: string, overrides: Record<string, string | number> = {}) {
  const licence = await uploadLicence();
  expect(licence.code).toBe(OK);
  const sent = await sendRegisterCode(mobile);
  expect(sent.code, sent.message).toBe(OK);
  return {
    mobile,
    code: (await lastSmsCode(t.db, mobile)) ?? '',
    password: sha256Hex(PASSWORD),
    name: nextName(),
    companyNature: '有限责任公司',
    industryId: 1,
    companySize: '20-99人',
    // A real shape with the check character GB 32100-2015 gives for its first 17 characters.
    businessLicense: '91330100MA27Q8KL12',
    invoiceTaxNumber: '91330100MA27Q8KL12',
    legalPersonName: '张法人',
    linkmanName: '李联系',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    licenseUrl: licence.content.url as string,
    platformMark: 1,
    ...overrides,
  };
}

async function register(form: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/companies/registernewcloud', payload: form });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

describe('registration', () => {
  it('registers with a valid code and consumes the code', async () => {
    const mobile = nextMobile();
    const form = await validForm(mobile);
    const answer = await register(form);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toBe('注册成功，请联系客服激活账号。');
    const row = await t.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', answer.content.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
    expect(row.linkman_mobile).toBe(mobile);
    expect(row.password_hash).toMatch(/^\$2[aby]\$/);
    const again = await register({ ...form, name: nextName() });
    expect(again.code).not.toBe(OK);
  });

  it('refuses a wrong SMS code and keeps no row', async () => {
    const mobile = nextMobile();
    const form = await validForm(mobile);
    const answer = await register({ ...form, code: form.code === '000000' ? '111111' : '000000' });
    expect(answer.code).not.toBe(OK);
    expect(answer.message).toBe('短信验证码错误或已失效');
    const rows = await t.db.selectFrom('registrations').select('id').where('linkman_mobile', '=', mobile).execute();
    expect(rows).toHaveLength(0);
  });

  it('needs the image captcha before sending a registration code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sms/vericodeno',
      payload: { mobile: nextMobile(), type: 6, token: 'nope', code: 'ABCDEF' },
    });
    expect(envelopeOf(response).code).not.toBe(OK);
  });

  it.each([
    ['mobile', '', '请输入手机号'],
    ['mobile', '123', '请输入正确的手机号'],
    ['code', '', '请输入验证码'],
    ['password', 'plain-text', '请输入不少于8位字母+数字的组合，长度为 8 - 30位'],
    ['name', '短名称', '请输入6-128位公司名称'],
    ['name', 'x'.repeat(129), '请输入6-128位公司名称'],
    ['businessLicense', 'abc', '请输入正确的统一社会信用代码（18位数字或大写字母）'],
    ['businessLicense', '', '请输入统一社会信用代码'],
    // Well formed, but the check character of these 17 is 2, not A (one mistyped character).
    ['businessLicense', '91330100MA27Q8KL1A', '统一社会信用代码校验位不正确，请核对后重新输入'],
    ['invoiceTaxNumber', '91330100MA27Q8KL2B', '纳税人识别号须与统一社会信用代码一致'],
    ['legalPersonName', '', '请输入法人姓名'],
    ['linkmanName', '李', '请输入2-32位联系人姓名'],
    ['licenseUrl', '', '请上传营业执照'],
    ['licenseUrl', '/api-v1/dl?file=999999&rn=x.png', '请重新上传营业执照'],
    ['companyNature', '', '请选择公司性质'],
    ['companySize', '', '请选择公司规模'],
    ['province', '', '请选择所在地区'],
    ['district', '', '请选择所在地区'],
    // Not a district of 杭州市 in the administrative divisions, nor a city of 浙江省.
    ['district', '朝阳区', '所选地区不存在，请重新选择'],
    ['city', '广州市', '所选地区不存在，请重新选择'],
    // A schema violation (an object where text belongs) is a clear 1040400, not a 500.
    ['province', { name: '浙江省' } as unknown as string, '请求参数有误：province 格式不正确'],
    ['industryId', '', '请选择所属行业'],
    ['industryId', 99999, '所选行业不存在'],
  ])('checks %s = %j → %s', async (field, value, message) => {
    const mobile = nextMobile();
    const form = await validForm(mobile);
    const answer = await register({ ...form, [field]: value });
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toBe(message);
    // The code was not used up by a refused form.
    const row = await t.db
      .selectFrom('sms_codes')
      .select('used_at')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('reports duplicates of name and mobile', async () => {
    const mobile = nextMobile();
    const form = await validForm(mobile);
    expect((await register(form)).code).toBe(OK);
    const byName = envelopeOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/duplicate/checking?name=${encodeURIComponent(String(form.name))}`,
      }),
    );
    expect(byName.message).toBe('该公司已注册，请勿重复注册');
    const byMobile = envelopeOf(
      await t.app.inject({ method: 'GET', url: `/api/v1/companies/duplicate/checking?mobile=${mobile}` }),
    );
    expect(byMobile.message).toBe('该手机号已注册，请直接登录');
    const merchant = await t.db
      .selectFrom('users')
      .select('mobile')
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    const demoMobile = envelopeOf(
      await t.app.inject({ method: 'GET', url: `/api/v1/companies/duplicate/checking?mobile=${merchant.mobile}` }),
    );
    expect(demoMobile.code).toBe(BUSINESS);
    const free = envelopeOf(
      await t.app.inject({ method: 'GET', url: `/api/v1/companies/duplicate/checking?mobile=${nextMobile()}` }),
    );
    expect(free.code).toBe(OK);
  });

  it('rolls back and keeps the code when the registration is refused inside the transaction', async () => {
    const first = nextMobile();
    const taken = await validForm(first);
    expect((await register(taken)).code).toBe(OK);
    const mobile = nextMobile();
    const form = await validForm(mobile, { name: taken.name });
    const answer = await register(form);
    expect(answer.message).toBe('该公司已注册，请勿重复注册');
    const code = await t.db
      .selectFrom('sms_codes')
      .select('used_at')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(code.used_at).toBeNull();
    expect((await register({ ...form, name: nextName() })).code).toBe(OK);
  });

  it('answers industries and company suggestions without login', async () => {
    const industries = envelopeOf(await t.app.inject({ method: 'GET', url: '/api/v1/companies/register/industries' }));
    expect(industries.code).toBe(OK);
    expect(industries.content.length).toBeGreaterThan(0);
    const company = await t.db.selectFrom('companies').select('name').executeTakeFirstOrThrow();
    const suggestions = envelopeOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/tianyancha?name=${encodeURIComponent(company.name.slice(0, 4))}`,
      }),
    );
    expect(suggestions.code).toBe(OK);
    expect(suggestions.content.map((item: { name: string }) => item.name)).toContain(company.name);
  });

  it('limits uploads per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await uploadLicence('a.png', fileBytes('png', 50), ip)).code).toBe(OK);
    expect((await uploadLicence('a.png', fileBytes('png', 50), ip)).message).toBe('上传过于频繁，请稍后再试');
  });

  it('accepts jpg/png uploads and refuses other types and sizes', async () => {
    expect((await uploadLicence('a.jpg', fileBytes('jpeg', 100))).code).toBe(OK);
    const pdf = await uploadLicence('a.pdf', fileBytes('pdf', 100));
    expect(pdf.message).toBe('仅支持小于10M的图片格式上传');
    const fake = await uploadLicence('a.png', Buffer.from('not an image at all'));
    expect(fake.message).toBe('仅支持小于10M的图片格式上传');
    const big = await uploadLicence('big.png', fileBytes('png', 10 * 1024 * 1024 + 10));
    expect(big.message).toBe('仅支持小于10M的图片格式上传');
  });
});

describe('activation', () => {
  it('lists registrations for staff only, with filters', async () => {
    const mobile = nextMobile();
    const form = await validForm(mobile);
    expect((await register(form)).code).toBe(OK);
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    const page = envelopeOf(await kefu.get(`/api/v1/companies/register/search?q=linkmanMobile:${mobile};status:0`));
    expect(page.code).toBe(OK);
    expect(page.content.totalElements).toBe(1);
    expect(page.content.content[0].name).toBe(form.name);
    const merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
    expect((await merchant.get('/api/v1/companies/register/search')).statusCode).toBe(403);
  });

  it('activates: creates the company and a merchant who logs in with the registration password', async () => {
    const mobile = nextMobile();
    const form = await validForm(mobile);
    const registered = await register(form);
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const subsidiary = await t.db
      .selectFrom('subsidiaries')
      .selectAll()
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const kefu = await t.db.selectFrom('users').select('id').where('username', '=', 'kefu').executeTakeFirstOrThrow();
    const answer = envelopeOf(
      await admin({
        method: 'POST',
        url: `/api/v1/companies/register/${registered.content.id}/activate`,
        payload: { subID: subsidiary.id, serviceId: kefu.id },
      }),
    );
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.status).toBe(1);
    expect(answer.content.departID).toBe(Number(subsidiary.department_id));
    const company = await t.db
      .selectFrom('companies')
      .selectAll()
      .where('name', '=', String(form.name))
      .executeTakeFirstOrThrow();
    expect(company.sign_status).toBe(0);
    // What the registrant entered, so the company does not show them blank.
    expect(company).toMatchObject({
      credit_code: '91330100MA27Q8KL12',
      legal_person_name: '张法人',
      linkman_name: '李联系',
      linkman_mobile: mobile,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
    });
    const session = await login(t.app, mobile, PASSWORD);
    expect(session.code, session.message).toBe(OK);
    expect(session.content.user.authorities ?? session.content.authorities).toBeDefined();
    const twice = envelopeOf(
      await admin({
        method: 'POST',
        url: `/api/v1/companies/register/${registered.content.id}/activate`,
        payload: { subID: subsidiary.id },
      }),
    );
    expect(twice.message).toBe('该注册信息已处理');
  });

  it('rejects with a reason', async () => {
    const form = await validForm(nextMobile());
    const registered = await register(form);
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const url = `/api/v1/companies/register/${registered.content.id}/reject`;
    expect(envelopeOf(await admin({ method: 'POST', url, payload: {} })).message).toBe('请填写驳回原因');
    const answer = envelopeOf(await admin({ method: 'POST', url, payload: { reason: '营业执照不清晰' } }));
    expect(answer.code).toBe(OK);
    expect(answer.content).toMatchObject({ status: 2, reason: '营业执照不清晰' });
  });
});

describe('registration security', () => {
  it('finding 10: kefu (departments 1 and 2) cannot activate a registration into department 3', async () => {
    const registered = await register(await validForm(nextMobile()));
    expect(registered.code, registered.message).toBe(OK);
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    const subsidiaryIn = async (departmentId: number) =>
      t.db
        .selectFrom('subsidiaries')
        .select('id')
        .where('department_id', '=', departmentId)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
    const url = `/api/v1/companies/register/${registered.content.id}/activate`;
    const outside = envelopeOf(await kefu({ method: 'POST', url, payload: { subID: (await subsidiaryIn(3)).id } }));
    expect(outside.code).toBe(1040400);
    expect(outside.message).toBe('所选分公司不存在或不在您的权限范围内，请重新选择');
    expect(outside.content.errors.subID).toBe(outside.message);
    const row = await t.db
      .selectFrom('registrations')
      .select(['status', 'department_id'])
      .where('id', '=', registered.content.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 0, department_id: null });
    const inside = envelopeOf(await kefu({ method: 'POST', url, payload: { subID: (await subsidiaryIn(2)).id } }));
    expect(inside.code, inside.message).toBe(OK);
    expect(inside.content.departID).toBe(2);
  });

  it("finding 14: stores the canonical reference of the registrant's own upload and refuses anything else", async () => {
    const own = await uploadLicence();
    expect(own.code).toBe(OK);
    const fileId = own.content.id as number;
    const someoneElses = await uploadLicence();
    const canonical = `/api-v1/dl?file=${fileId}&rn=${encodeURIComponent('执照.png')}`;
    for (const licenseUrl of [
      `javascript:alert(document.cookie)//${canonical}`,
      'javascript:alert(1)',
      `https://evil.example${canonical}`,
      `//evil.example${canonical}`,
      canonical, // the file's plain URL, without the upload key only its uploader got
      `/api-v1/dl?file=${someoneElses.content.id}&rn=x.png`,
    ]) {
      const answer = await register(await validForm(nextMobile(), { licenseUrl }));
      expect(answer.code, licenseUrl).toBe(BUSINESS);
      expect(answer.message, licenseUrl).toBe('请重新上传营业执照');
    }
    const form = await validForm(nextMobile(), { licenseUrl: own.content.url as string });
    const answer = await register(form);
    expect(answer.code, answer.message).toBe(OK);
    const row = await t.db
      .selectFrom('registrations')
      .select('license_url')
      .where('id', '=', answer.content.id)
      .executeTakeFirstOrThrow();
    expect(row.license_url).toBe(canonical);
    // One upload serves one registration.
    const reused = await register(await validForm(nextMobile(), { licenseUrl: own.content.url as string }));
    expect(reused.message).toBe('请重新上传营业执照');
  });
});

describe('the public company lookup cannot list the customer base', () => {
  const lookup = (name: string, remoteAddress: string) =>
    t.app
      .inject({ method: 'GET', url: `/api/v1/companies/tianyancha?name=${encodeURIComponent(name)}`, remoteAddress })
      .then(envelopeOf);

  it('answers our companies by name only, from 4 characters, and limits lookups per address', async () => {
    const ip = nextIp();
    const company = await t.db
      .selectFrom('companies')
      .select(['name', 'credit_code'])
      .where('credit_code', '!=', '')
      .executeTakeFirstOrThrow();
    // The probe's 2-character queries ("上海", "科技") list nothing any more.
    expect((await lookup(company.name.slice(0, 2), ip)).content).toEqual([]);
    expect((await lookup(company.name.slice(0, 3), ip)).content).toEqual([]);
    const found = await lookup(company.name.slice(0, 4), ip);
    expect(found.code).toBe(OK);
    expect(found.content.length).toBeGreaterThan(0);
    // Registry records come with their fields (the form fills itself in); the platform's own companies by name only.
    const ours = new Set((await t.db.selectFrom('companies').select('name').execute()).map((row) => row.name));
    const platform = found.content.filter((item: { name: string }) => ours.has(item.name));
    expect(platform.length).toBeGreaterThan(0);
    for (const item of platform) expect(Object.keys(item)).toEqual(['name']);
    expect(JSON.stringify(found.content)).not.toContain(company.credit_code);
    // The probe enumerated 298 companies in 641 lookups from one address: that address is stopped well before.
    let refused = 0;
    for (let i = 0; i < 120 && refused === 0; i++) {
      const answer = await lookup(`${company.name.slice(0, 4)}${i}`, ip);
      if (answer.code !== OK) {
        refused = i + 2;
        expect(answer.message).toBe('查询过于频繁，请稍后再试');
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(100);
    // Another address is not affected.
    expect((await lookup(company.name.slice(0, 4), nextIp())).code).toBe(OK);
  });
});
