import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { FILE_PURPOSES, type FilePurpose } from '../../server/files/fileReferences';
import { saveGeneratedFile } from '../../server/files/generatedFiles';
import { INVOICE } from '../../src/domain/moneyEnums';
import { type Answer, BUSINESS, call, clientOf, OK, uploadFile } from './support/invoiceTestKit';
import { fileBytes, multipartRequest } from './support/multipart';
import { addSecondPartner } from './support/secondPartner';
import {
  type AuthedClient,
  createTestApp,
  envelopeOf,
  lastSmsCode,
  solveCaptcha,
  type TestApp,
} from './support/testApp';

/**
 * Files are owned references. A body field naming a file takes only the caller's own upload for that
 * purpose (or the file the record already holds); a file is readable only through a record that may hold it.
 * Every file field the resource declarations name is attacked with another company's file (the table below must
 * cover each one), then findings 1 (paper contract), 3 (notice attachments, help images) and 9 (partner scope).
 */

type Account = 'admin' | 'kefu' | 'caiwu' | 'merchant' | 'xgm' | 'hehuoren';
type Kind = 'image' | 'document';
interface Uploaded {
  id: number;
  url: string;
}

let t: TestApp;
const clients = {} as Record<Account | 'hehuoren2', AuthedClient>;
/** A company of department 3: outside kefu's departments (1, 2) and hehuoren's (2). */
let outsideCompany: number;
/** Files of other companies: finance's tax certificates of `outsideCompany`, and uploads of xgm's company. */
const financeFiles = {} as Record<Kind, Uploaded>;
const xgmFiles = {} as Record<Kind, Uploaded>;

async function certificate(coid: number, period: string, file: Uploaded) {
  const answer = await call(clients.caiwu, 'POST', '/api/v1/taxcertificates', { coid, period, fileUrl: file.url });
  expect(answer.code, answer.message).toBe(OK);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['admin', 'kefu', 'caiwu', 'merchant', 'hehuoren'] as const) {
    clients[account] = await clientOf(t.app, account);
  }
  clients.xgm = await clientOf(t.app, 'xgm', 3);
  await addSecondPartner(t.db, { mobile: '13800000046', displayName: '合伙人小孙' });
  clients.hehuoren2 = await clientOf(t.app, 'hehuoren2');
  const outside = await t.db
    .selectFrom('companies')
    .select('id')
    .where('department_id', '=', 3)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  outsideCompany = Number(outside.id);
  financeFiles.document = await uploadFile(clients.caiwu, '外部企业完税证明.pdf');
  financeFiles.image = await uploadFile(clients.caiwu, '外部企业完税证明.png', 'png');
  await certificate(outsideCompany, '2026-02', financeFiles.document);
  await certificate(outsideCompany, '2026-03', financeFiles.image);
  xgmFiles.document = await uploadFile(clients.xgm, '小微企业资料.pdf');
  xgmFiles.image = await uploadFile(clients.xgm, '小微企业资料.png', 'png');
}, 120_000);
afterAll(async () => t?.close());

/** Whether the client gets a download link of the file. */
async function readable(client: AuthedClient, fileId: number): Promise<boolean> {
  const answer = await call(client, 'GET', `/api/v1/common/downloadtoken?file=${fileId}`);
  return answer.status === 200 && answer.code === OK;
}

/** How many records hold the file (by id or by its download URL). */
async function holders(fileId: number): Promise<number> {
  const url = `%/api-v1/dl?file=${fileId}&%`;
  const counts = await Promise.all([
    t.db
      .selectFrom('notices')
      .select('id')
      .where((eb) => eb.or([eb('image_upload_id', '=', fileId), eb('annex_upload_id', '=', fileId)]))
      .execute(),
    t.db
      .selectFrom('contracts')
      .select('id')
      .where((eb) => eb.or([eb('file_id', '=', fileId), eb('paper_file_id', '=', fileId)]))
      .execute(),
    t.db.selectFrom('invoices').select('id').where('invoice_file_url', 'like', url).execute(),
    t.db.selectFrom('tax_certificates').select('id').where('file_url', 'like', url).execute(),
    t.db.selectFrom('recharges').select('id').where('voucher_url', 'like', url).execute(),
    t.db
      .selectFrom('registrations')
      .select('id')
      .where((eb) => eb.or([eb('license_url', 'like', url), eb('student_card_url', 'like', url)]))
      .execute(),
    t.db.selectFrom('agreement_templates').select('id').where('file_url', 'like', url).execute(),
    t.db
      .selectFrom('feedbacks')
      .select('id')
      .where((eb) =>
        eb.or([eb('image1_url', 'like', url), eb('image2_url', 'like', url), eb('image3_url', 'like', url)]),
      )
      .execute(),
    t.db.selectFrom('help_articles').select('id').where('body_html', 'like', `%file=${fileId}&amp;%`).execute(),
  ]);
  return counts.reduce((sum, rows) => sum + rows.length, 0);
}

// --- The attacks, one per route that stores a file reference ----------------------------------------------

interface Attack {
  /** An ordinary caller of the route; null for the public registration. */
  caller: Account | null;
  /** The type of file the field takes (the attack's file fits it, so only ownership can refuse it). */
  kind: Kind;
  /** The purpose the route attaches files for (FILE_PURPOSES): every purpose must be attacked. */
  purpose: FilePurpose;
  submit: (ref: string) => Promise<Answer>;
}

let serial = 0;
const unique = () => `${Date.now()}${serial++}`;

const noticeAttack = (field: 'url' | 'annexUrl', platformmark: 1 | 3): Attack => ({
  caller: platformmark === 1 ? 'kefu' : 'admin',
  kind: field === 'url' ? 'image' : 'document',
  purpose: 'notice',
  submit: (ref) =>
    call(
      clients[platformmark === 1 ? 'kefu' : 'admin'],
      'POST',
      `/api/v1/notifications/savenotifications${platformmark === 3 ? '?platformmark=3' : ''}`,
      { title: '附件测试公告', body: '公告内容', platformmark, [field]: ref },
    ),
});

const feedbackAttack = (field: 'image1' | 'image2' | 'image3'): Attack => ({
  caller: 'merchant',
  kind: 'image',
  purpose: 'feedback_image',
  submit: (ref) =>
    call(clients.merchant, 'POST', '/api/v1/feedbacks/mine', {
      type: 2,
      content: '页面加载很慢，请协助查看。',
      [field]: ref,
    }),
});

const invoiceIssue: Attack = {
  caller: 'caiwu',
  kind: 'document',
  purpose: 'invoice_file',
  submit: async (ref) => {
    const invoice = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('status', '=', INVOICE.applied)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return call(clients.caiwu, 'POST', `/api/v1/invoices/${invoice.id}/issue`, {
      invoiceNumber: '044001900777',
      fileUrl: ref,
    });
  },
};

const rechargeVoucher: Attack = {
  caller: 'merchant',
  kind: 'image',
  purpose: 'recharge_voucher',
  submit: (ref) =>
    call(clients.merchant, 'POST', '/api/v1/recharges', {
      amount: 12_345_600,
      payerName: '上海灵动科技有限公司',
      payerAccount: '6222021001122334455',
      bankSerial: `FR${unique()}`,
      voucherUrl: ref,
      remark: '预存',
    }),
};

let mobileSeq = 0;
const registration: Attack = {
  caller: null,
  kind: 'image',
  purpose: 'registration',
  submit: async (ref) => {
    const mobile = `1370001${String(1000 + mobileSeq++).padStart(4, '0')}`;
    const { captchaId, code } = await solveCaptcha(t.app, t.db);
    const sent = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/sms/vericodeno',
        remoteAddress: '10.9.0.1',
        payload: { mobile, type: 6, token: captchaId, code, module: 2 },
      }),
    );
    expect(sent.code, sent.message).toBe(OK);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/registernewcloud',
      payload: {
        mobile,
        code: (await lastSmsCode(t.db, mobile)) ?? '',
        password: 'e'.repeat(64),
        name: `文件引用测试科技有限公司${unique()}`,
        companyNature: '有限责任公司',
        industryId: 1,
        companySize: '20-99人',
        businessLicense: '91330100MA27Q8KL12',
        invoiceTaxNumber: '91330100MA27Q8KL12',
        legalPersonName: '张法人',
        linkmanName: '李联系',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        licenseUrl: ref,
        platformMark: 1,
      },
    });
    return { status: response.statusCode, ...envelopeOf(response) };
  },
};

/** Draws up company 1's service agreement with 宝谷 (as its merchant), answering its id. */
async function draftAgreement(): Promise<number> {
  const baogu = await t.db
    .selectFrom('enterprises')
    .select('id')
    .where('short_name', '=', '宝谷')
    .executeTakeFirstOrThrow();
  const started = await call(clients.merchant, 'POST', `/api/v1/companies/service_sign/1/${baogu.id}`, { type: 1 });
  expect(started.code, started.message).toBe(OK);
  return started.content.id;
}
const paper = (id: number, ref: string) =>
  `/api/v1/contract/upload_paper/1?id=${id}&paperUrl=${encodeURIComponent(ref)}`;

const ATTACKS: Record<string, Attack> = {
  paperContract: {
    caller: 'merchant',
    kind: 'document',
    purpose: 'contract_paper',
    submit: async (ref) => call(clients.merchant, 'PUT', paper(await draftAgreement(), ref)),
  },
  offlineContract: {
    caller: 'admin',
    kind: 'document',
    purpose: 'contract_paper',
    submit: (ref) =>
      call(clients.admin, 'POST', '/api/v1/contract/uploadsavecontract', {
        companyId: 1,
        nm: `线下合同${unique()}`,
        fileUrl: ref,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        signNm: '张经理',
      }),
  },
  contractTemplate: {
    caller: 'admin',
    kind: 'document',
    purpose: 'agreement_template',
    submit: (ref) =>
      call(clients.admin, 'POST', '/api/v1/agreement_template', {
        nm: `文件引用测试模板${unique()}`,
        type: 1,
        platformmark: 1,
        sealCertificationType: 2,
        sort: 7,
        xiong: 0,
        fileUrl: ref,
      }),
  },
  noticeImage: noticeAttack('url', 1),
  noticeAnnex: noticeAttack('annexUrl', 1),
  smallNoticeImage: noticeAttack('url', 3),
  smallNoticeAnnex: noticeAttack('annexUrl', 3),
  taxCertificate: {
    caller: 'caiwu',
    kind: 'document',
    purpose: 'tax_certificate',
    submit: (ref) =>
      call(clients.caiwu, 'POST', '/api/v1/taxcertificates', { coid: 1, period: '2026-04', fileUrl: ref }),
  },
  invoiceIssue,
  rechargeVoucher,
  registration,
  feedbackImage1: feedbackAttack('image1'),
  feedbackImage2: feedbackAttack('image2'),
  feedbackImage3: feedbackAttack('image3'),
  helpImage: {
    caller: 'admin',
    kind: 'image',
    purpose: 'help_image',
    submit: async (ref) => {
      const category = await t.db.selectFrom('help_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
      return call(clients.admin, 'POST', '/api/v1/help/articles', {
        title: '文件引用测试文章',
        body: `说明\n\n![图](${ref})`,
        categoryId: category.id,
        sort: 1,
      });
    },
  },
};

/**
 * Every file field of every resource declaration (types 'image' and 'file', Markdown editors with image upload)
 * → the attack on the route that writes it. A new file field fails the first test until its route is attacked.
 */
const FIELD_ATTACKS: Record<string, keyof typeof ATTACKS> = {
  'adContractTemplate.fileUrl': 'contractTemplate',
  'adNotice.url': 'noticeImage',
  'adNotice.annexUrl': 'noticeAnnex',
  'adSmallNotice.url': 'smallNoticeImage',
  'adSmallNotice.annexUrl': 'smallNoticeAnnex',
  'systemNotice.url': 'noticeImage',
  'systemNotice.annexUrl': 'noticeAnnex',
  'adActivateMerchant.licenseUrl': 'registration',
  'adSmallActivateMerchant.licenseUrl': 'registration',
  'invoiceRecord.invoiceFileUrl': 'invoiceIssue',
  'adInvoice.invoiceFileUrl': 'invoiceIssue',
  'smallScaleAdInvoice.invoiceFileUrl': 'invoiceIssue',
  'adSmallInvoice.invoiceFileUrl': 'invoiceIssue',
  'adTaxPaymentCertificate.fileUrl': 'taxCertificate',
  'taxPaymentCertificate.fileUrl': 'taxCertificate',
  'allRechargeRecord.voucherUrl': 'rechargeVoucher',
  'adMoneyManagement.voucherUrl': 'rechargeVoucher',
  'adSmallMoneyManagement.voucherUrl': 'rechargeVoucher',
  'suggestionFeedback.image1': 'feedbackImage1',
  'suggestionFeedback.image2': 'feedbackImage2',
  'suggestionFeedback.image3': 'feedbackImage3',
  'adSuggestion.image1': 'feedbackImage1',
  'adSuggestion.image2': 'feedbackImage2',
  'adSuggestion.image3': 'feedbackImage3',
  'adHelpCenter.body': 'helpImage',
};

/** Another company's file for this caller: finance's certificates for other staff, xgm's uploads otherwise. */
function foreignFile(caller: Account | null, kind: Kind): Uploaded {
  return caller === 'admin' || caller === 'kefu' ? financeFiles[kind] : xgmFiles[kind];
}

describe('every declared file field refuses another company’s file', () => {
  it('each file field of the resource declarations has an attack on the route that writes it', () => {
    const declared = RESOURCES.flatMap((declaration) =>
      declaration.fields
        .filter((field) => field.type === 'image' || field.type === 'file' || field.editor?.kind === 'markdown')
        .map((field) => `${declaration.name}.${field.source}`),
    );
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((key) => !(key in FIELD_ATTACKS))).toEqual([]);
  });

  it('each purpose a route attaches files for is attacked (a new kind of file-holding route needs its attack)', () => {
    const attacked = new Set(Object.values(ATTACKS).map((attack) => attack.purpose));
    expect(Object.keys(FILE_PURPOSES).filter((purpose) => !attacked.has(purpose as FilePurpose))).toEqual([]);
  });

  for (const [name, attack] of Object.entries(ATTACKS)) {
    it(`${name}: ${attack.caller ?? 'a registrant'} cannot attach another company's file`, async () => {
      const file = foreignFile(attack.caller, attack.kind);
      const before = await holders(file.id);
      const answer = await attack.submit(file.url);
      expect(answer.status).toBe(200);
      expect(answer.code, answer.message).toBe(BUSINESS);
      expect(await holders(file.id)).toBe(before);
      // Its bare id does not name it either (refused, or not taken as a file at all).
      await attack.submit(String(file.id));
      expect(await holders(file.id)).toBe(before);
      // Staff without department scope read every file anyway; everyone else still cannot read it.
      if (attack.caller === 'kefu' || attack.caller === 'merchant') {
        expect(await readable(clients[attack.caller], file.id)).toBe(false);
      }
    });
  }
});

describe('finding 1: a paper contract names only a scan its signer uploaded', () => {
  it("company 1's merchant cannot sign with company 2's tax certificate and then download it", async () => {
    const foreign = await t.db
      .selectFrom('tax_certificates')
      .select('file_url')
      .where('company_id', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const fileId = Number(new URL(foreign.file_url, 'http://x').searchParams.get('file'));
    expect(await readable(clients.merchant, fileId)).toBe(false);
    const id = await draftAgreement();
    const answer = await call(clients.merchant, 'PUT', paper(id, foreign.file_url));
    expect(answer).toMatchObject({ code: BUSINESS, message: '文件不存在或无权使用该文件' });
    const row = await t.db
      .selectFrom('contracts')
      .select(['sign_status', 'paper_file_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sign_status: 0, paper_file_id: null });
    const link = await call(clients.merchant, 'POST', '/api/v1/contract/get_download_url_contract', { id });
    expect(link.content?.url ?? '').not.toContain(`file=${fileId}&`);
    expect(await readable(clients.merchant, fileId)).toBe(false);
  });

  it("nor with another company's signed worker agreement (a file the server generated)", async () => {
    const xgm = await t.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('username', '=', 'xgm')
      .executeTakeFirstOrThrow();
    const signed = await saveGeneratedFile(t.db, t.app.files, {
      content: Buffer.from('%PDF-1.4\n% 劳务协议 身份证号 银行卡号\n%%EOF\n'),
      name: '劳务协议（已签署）.pdf',
      mime: 'application/pdf',
      ownerUserId: Number(xgm.id),
      ownerCompanyId: Number(xgm.company_id),
    });
    const id = await draftAgreement();
    const answer = await call(clients.merchant, 'PUT', paper(id, `/api-v1/dl?file=${signed}&rn=x.pdf`));
    expect(answer.code, answer.message).toBe(BUSINESS);
    expect(await holders(signed)).toBe(0);
    expect(await readable(clients.merchant, signed)).toBe(false);
  });

  it('staff cannot paper-sign a merchant’s contract, with another company’s file or a scan of their own', async () => {
    const id = await draftAgreement();
    const own = await uploadFile(clients.admin, '代签纸质合同.pdf');
    for (const ref of [xgmFiles.document.url, own.url]) {
      const answer = await call(clients.admin, 'PUT', paper(id, ref));
      expect(answer.status).toBe(403);
    }
    const row = await t.db
      .selectFrom('contracts')
      .select(['sign_status', 'paper_file_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sign_status: 0, paper_file_id: null });
    expect(await holders(xgmFiles.document.id)).toBe(0);
  });

  it('the merchant signs with its own scan and downloads it', async () => {
    const scan = await uploadFile(clients.merchant, '纸质合同.pdf');
    const id = await draftAgreement();
    const answer = await call(clients.merchant, 'PUT', paper(id, scan.url));
    expect(answer.code, answer.message).toBe(OK);
    const link = await call(clients.merchant, 'POST', '/api/v1/contract/get_download_url_contract', { id });
    expect(link.content.url).toContain(`file=${scan.id}&`);
    expect((await t.app.inject({ method: 'GET', url: link.content.url })).statusCode).toBe(200);
  });
});

describe('finding 3: notice attachments and help images', () => {
  it("kefu cannot attach an outside company's certificate to a draft, nor download it, nor publish it to merchants", async () => {
    const certificate = financeFiles.document;
    expect(await readable(clients.kefu, certificate.id)).toBe(false);
    const created = await call(clients.kefu, 'POST', '/api/v1/notifications/savenotifications', {
      title: '关于完税证明的说明',
      body: '见附件',
      platformmark: 1,
      annexUrl: certificate.url,
    });
    expect(created.code, created.message).toBe(BUSINESS);
    expect(created.content.errors.annexUrl).toBe('附件地址无效，请重新上传附件');
    expect(await readable(clients.kefu, certificate.id)).toBe(false);
    // Nor through an edit of a draft, which is then published.
    const draft = await call(clients.kefu, 'POST', '/api/v1/notifications/savenotifications', {
      title: '关于完税证明的说明',
      body: '见附件',
      platformmark: 1,
    });
    expect(draft.code, draft.message).toBe(OK);
    const edited = await call(clients.kefu, 'PUT', `/api/v1/notifications/${draft.content.id}`, {
      annexUrl: certificate.url,
      url: financeFiles.image.url,
    });
    expect(edited.code).toBe(BUSINESS);
    const published = await call(clients.kefu, 'POST', '/api/v1/notifications/upnotifications', {
      id: draft.content.id,
    });
    expect(published.code, published.message).toBe(OK);
    expect(await holders(certificate.id)).toBe(1);
    expect(await readable(clients.kefu, certificate.id)).toBe(false);
    expect(await readable(clients.merchant, certificate.id)).toBe(false);
    expect(await readable(clients.merchant, financeFiles.image.id)).toBe(false);
  });

  it('the author attaches its own upload; another manager edits the notice keeping that file', async () => {
    const annex = await uploadFile(clients.kefu, '操作手册.pdf');
    const created = await call(clients.kefu, 'POST', '/api/v1/notifications/savenotifications', {
      title: '操作手册更新',
      body: '见附件',
      platformmark: 1,
      annexUrl: annex.url,
    });
    expect(created.code, created.message).toBe(OK);
    const edited = await call(clients.admin, 'PUT', `/api/v1/notifications/${created.content.id}`, {
      title: '操作手册更新（第二版）',
      annexUrl: created.content.annexUrl,
    });
    expect(edited.code, edited.message).toBe(OK);
    await call(clients.admin, 'POST', '/api/v1/notifications/upnotifications', { id: created.content.id });
    expect(await readable(clients.merchant, annex.id)).toBe(true);
  });

  it("a help article cannot show finance's certificate image to every merchant", async () => {
    const category = await t.db.selectFrom('help_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const answer = await call(clients.admin, 'POST', '/api/v1/help/articles', {
      title: '完税证明样例',
      body: `样例如下\n\n![样例](${financeFiles.image.url})`,
      categoryId: category.id,
      sort: 1,
    });
    expect(answer).toMatchObject({ code: BUSINESS, message: '正文中的图片无效，请用“插入图片”重新上传' });
    expect(await readable(clients.merchant, financeFiles.image.id)).toBe(false);
  });

  it('a file taken for one purpose is refused for another, even to its uploader', async () => {
    // Finance's certificate of the outside company must not turn into an invoice of another company.
    const answer = await invoiceIssue.submit(financeFiles.document.url);
    expect(answer).toMatchObject({ code: BUSINESS, message: '发票文件无效，请重新上传' });
  });
});

describe("finding 9: a partner reads files of its own companies' records only", () => {
  it("hehuoren2 (department 2, no company) cannot read a certificate of hehuoren's company", async () => {
    const partnerCompany = await t.db
      .selectFrom('companies')
      .select('id')
      .where('department_id', '=', 2)
      .where('sale_partner_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const file = await uploadFile(clients.caiwu, '合伙人企业完税证明.pdf');
    await certificate(Number(partnerCompany.id), '2026-05', file);
    expect(await readable(clients.hehuoren, file.id)).toBe(true);
    expect(await readable(clients.hehuoren2, file.id)).toBe(false);
    expect(await readable(clients.kefu, file.id)).toBe(true);
  });

  it("nor a file a merchant of another partner's company uploaded (the upload's own company)", async () => {
    const partnerCompany = await t.db
      .selectFrom('companies')
      .select(['id', 'sale_partner_id'])
      .where('department_id', '=', 2)
      .where('sale_partner_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const merchantUser = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    // A voucher a merchant of that company uploaded (the row alone: the scope check reads no file).
    const row = await t.db
      .insertInto('uploads')
      .values({
        stored_name: 'partner-company-voucher.png',
        original_name: '充值凭证.png',
        mime: 'image/png',
        size: 1,
        owner_user_id: Number(merchantUser.id),
        owner_company_id: Number(partnerCompany.id),
        create_time: '2026-11-01 10:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await readable(clients.hehuoren, Number(row.id))).toBe(true);
    expect(await readable(clients.hehuoren2, Number(row.id))).toBe(false);
  });
});

describe('a registrant names its own upload', () => {
  it('registers with the licence its browser uploaded', async () => {
    const uploaded = envelopeOf<{ url: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies/register/upload',
        remoteAddress: '10.9.0.2',
        ...multipartRequest([{ name: 'file', filename: '执照.png', content: fileBytes('png', 500) }]),
      }),
    );
    expect(uploaded.code, uploaded.message).toBe(OK);
    const answer = await registration.submit(uploaded.content.url);
    expect(answer.code, answer.message).toBe(OK);
  });
});
