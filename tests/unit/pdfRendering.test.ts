import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_AGREEMENT } from '../../server/contracts/contractDocument';
import { AGREEMENT_TEXT } from '../../server/enterprises/agreementText';
import { devEsign } from '../../server/esign/devEsign';
import { watermarked } from '../../server/files/watermark';
import { type SheetDocument, sheetPdf } from '../../server/finance/settlementSheetFiles';
import { samplePdf } from '../../server/invoices/services/sampleDocuments';
import { receiptPdf } from '../../server/money/payouts/devChannel';
import { WORKER_AGREEMENT } from '../../server/workers/workerSigning';
import {
  type Area,
  countPixels,
  isDark,
  isSealRed,
  missingRenderers,
  type PageImage,
  RENDERERS,
  renderPdf,
} from '../support/pdfRender';

/**
 * Every kind of PDF the platform generates, drawn by poppler, MuPDF and Ghostscript: no reader may
 * complain about a font, and where the title is (and, when signed, inside the seal) the page must have ink.
 * The text layer is not checked here on purpose: it parsed while every viewer showed nothing.
 */
const DPI = 72;
const PAGE_HEIGHT = 841.89;
/** The agreement's and the settlement sheet's title line: 20 pt, baseline 76 pt below the top. */
const TITLE: Area = { left: 56, top: 52, right: 539, bottom: 84 };
/** Inside the seal's ring (centre 481, 144 pt above the bottom; radius 48), the signer's name and 电子签章. */
const SEAL_CENTRE = { x: 595.28 - 56 - 48 - 10, y: PAGE_HEIGHT - (56 + 48 + 40) };
const SEAL_NAME: Area = {
  left: SEAL_CENTRE.x - 36,
  top: SEAL_CENTRE.y - 20,
  right: SEAL_CENTRE.x + 36,
  bottom: SEAL_CENTRE.y - 3,
};
const SEAL_WORDS: Area = {
  left: SEAL_CENTRE.x - 30,
  top: SEAL_CENTRE.y + 4,
  right: SEAL_CENTRE.x + 30,
  bottom: SEAL_CENTRE.y + 16,
};
/** Ink a 20-pt CJK title leaves per character at 72 dpi is ~60-120 pixels; boxes or nothing leave far less or 0. */
const INK_PER_TITLE_CHAR = 12;

const createTime = '2026-11-27 07:54:12';
const workerFields = {
  templateName: '自由职业者服务协议',
  enterpriseName: '云南灵工人力资源服务有限公司',
  companyName: '上海鑫晟信息科技有限公司',
  workerName: '欧阳娜娜',
  idCard: '530102199001011234',
  mobile: '13900001234',
  bankName: '中国工商银行昆明分行',
  bankCard: '6222020200112233445',
  agreementNo: 'LG202611270000000012',
  contractNo: 'LG202611270000000012',
  createTime,
};
const contractFields = (templateName: string) => ({
  templateName,
  companyName: '上海鑫晟信息科技有限公司',
  enterpriseName: '云南灵工人力资源服务有限公司',
  rateText: '6.00%',
  bankName: '招商银行昆明分行',
  bankAccount: '871900112233445',
  startDate: '2026-11-27',
  endDate: '2027-11-26',
  contractNo: 'XY202611271234561',
  createTime,
});
const sheet: SheetDocument = {
  sheetNo: 'JS202610-000001',
  companyName: '上海鑫晟信息科技有限公司',
  creditCode: '91310000MA1FL0XX3K',
  platformMark: 1,
  periodMonth: '2026-10',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  opening_balance: 1_000_000_000,
  topup_amount: 2_903_324_500,
  topup_count: 3,
  payout_amount: 615_150_000,
  payout_count: 12,
  charge_amount: 36_910_000,
  charge_count: 12,
  refund_amount: 0,
  refund_count: 0,
  closing_balance: 3_251_264_500,
  entry_count: 27,
  status: 2,
  correctsNo: null,
  reason: null,
  generateTime: '2026-11-01 02:00:00',
  confirmTime: '2026-11-02 10:30:00',
  confirmerName: '财务 张会计',
};

interface Kind {
  name: string;
  title: string | null;
  signedBy?: string;
  /** The watermark's upright line at the foot of every page (/api-v1/watermark/dl), drawn in red. */
  footMark?: boolean;
  make: () => Promise<Uint8Array>;
}

const workerDraft = () =>
  devEsign.render(
    WORKER_AGREEMENT,
    [
      { role: '甲方', name: workerFields.enterpriseName },
      { role: '乙方', name: workerFields.workerName, idNumber: workerFields.idCard },
    ],
    workerFields,
  );

const kinds: Kind[] = [
  { name: '自由职业者协议（待签署）', title: workerFields.templateName, make: workerDraft },
  {
    name: '自由职业者协议（已签署）',
    title: workerFields.templateName,
    signedBy: workerFields.workerName,
    make: async () =>
      (
        await devEsign.sign(await workerDraft(), {
          name: workerFields.workerName,
          role: '乙方',
          operator: workerFields.workerName,
          time: createTime,
        })
      ).pdf,
  },
  // Contracts: every agreement type's text, and the general one for 其他合同 or a type added without a text.
  ...[...Object.entries(AGREEMENT_TEXT), ['通用', GENERAL_AGREEMENT] as const].flatMap(([type, template]): Kind[] => {
    const templateName = `平台服务协议（类型${type}）`;
    const render = () =>
      devEsign.render(
        template,
        [
          { role: '甲方', name: '上海鑫晟信息科技有限公司', idNumber: '91310000MA1FL0XX3K' },
          { role: '乙方', name: '云南灵工人力资源服务有限公司', idNumber: '91530100MA6K00XX1B' },
        ],
        contractFields(templateName),
      );
    return [
      { name: `企业协议 类型${type}（待签署）`, title: templateName, make: render },
      {
        name: `企业协议 类型${type}（双方已签署）`,
        title: templateName,
        signedBy: '云南灵工人力资源服务有限公司',
        make: async () => {
          const first = await devEsign.sign(await render(), {
            name: '上海鑫晟信息科技有限公司',
            role: '甲方',
            operator: '张经理',
            time: createTime,
          });
          const both = await devEsign.sign(first.pdf, {
            name: '云南灵工人力资源服务有限公司',
            role: '乙方',
            operator: '李专员',
            time: '2026-11-27 09:12:00',
          });
          return both.pdf;
        },
      },
    ];
  }),
  { name: '结算单', title: '灵工结算平台 结算单', make: () => sheetPdf(sheet) },
  { name: '演示单据（税费凭证、发票样张）', title: null, make: async () => samplePdf() },
  {
    name: '电子回单（开发通道）',
    title: null,
    make: () =>
      receiptPdf({
        order_id: 'DEV202612020001',
        payee: '张三丰',
        account: '6222021234567890123',
        amount: 9_910_000,
        accepted_ms: Date.UTC(2026, 11, 2, 2, 0, 0),
      }),
  },
  {
    name: '水印下载（自由职业者协议）',
    title: workerFields.templateName,
    footMark: true,
    make: async () => watermarked(await workerDraft(), 'application/pdf', `财务 张会计（caiwu）于 ${createTime} 下载`),
  },
];
/** The watermark's foot line on an A4 page: 17 pt text, its baseline 21 pt above the bottom, from 21 pt. */
const FOOT_MARK: Area = { left: 21, top: PAGE_HEIGHT - 21 - 15, right: 300, bottom: PAGE_HEIGHT - 21 + 3 };

const inkOf = (page: PageImage, area: Area) => countPixels(page, area, DPI, isDark);

describe('generated PDFs render in poppler, MuPDF and Ghostscript', () => {
  beforeAll(() => {
    expect(missingRenderers(), '需要 poppler-utils、mupdf-tools、ghostscript（.ci/run 会安装）').toEqual([]);
  });

  for (const kind of kinds) {
    describe(kind.name, () => {
      let bytes: Uint8Array;
      beforeAll(async () => {
        bytes = await kind.make();
      });

      it('stays small: the font is a subset (under 200 KB)', () => {
        expect(bytes.length).toBeLessThan(200 * 1024);
      });

      for (const renderer of RENDERERS) {
        it(`${renderer}: no font complaints, the title and the seal have ink`, () => {
          const { pages, complaints } = renderPdf(bytes, renderer, DPI);
          expect(complaints).toEqual([]);
          expect(pages.length).toBeGreaterThan(0);
          if (kind.title) {
            expect(inkOf(pages[0], TITLE)).toBeGreaterThan(INK_PER_TITLE_CHAR * [...kind.title].length);
          } else {
            expect(inkOf(pages[0], { left: 60, top: 96, right: 400, bottom: 128 })).toBeGreaterThan(100);
          }
          if (kind.footMark) {
            for (const page of pages) expect(countPixels(page, FOOT_MARK, DPI, isSealRed)).toBeGreaterThan(200);
          }
          if (kind.signedBy) {
            const last = pages[pages.length - 1];
            const nameChars = Math.min(12, [...kind.signedBy].length);
            expect(countPixels(last, SEAL_NAME, DPI, isSealRed)).toBeGreaterThan(4 * nameChars);
            expect(countPixels(last, SEAL_WORDS, DPI, isSealRed)).toBeGreaterThan(4 * 4);
          }
        });
      }
    });
  }
});

describe('every PDF generator is covered above', () => {
  const serverDir = path.resolve(__dirname, '../../server');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
    });
  const sources = files(serverDir).map((file) => ({
    file: path.relative(serverDir, file),
    text: readFileSync(file, 'utf8'),
  }));

  it('only the known generators use pdf-lib', () => {
    const users = sources.filter((source) => /from 'pdf-lib'/.test(source.text)).map((source) => source.file);
    // pdf/readPageCount.ts only reads a page count; every other user writes a PDF and has its kind above.
    expect(users.sort()).toEqual([
      'esign/devEsign.ts',
      'files/watermark.ts',
      'finance/settlementSheetFiles.ts',
      'money/payouts/devChannel.ts',
      'pdf/chineseFont.ts',
      'pdf/readPageCount.ts',
    ]);
  });

  it('every document template (the texts devEsign.render draws) is rendered above', () => {
    // A template is a `: DocumentTemplate` constant or a record of them; each must be one of the kinds' templates.
    const declared = sources
      .flatMap((source) =>
        [...source.text.matchAll(/(?:export )?const (\w+): (?:Readonly<Record<\w+, )?DocumentTemplate\b/g)].map(
          (match) => `${source.file} ${match[1]}`,
        ),
      )
      .sort();
    expect(declared).toEqual([
      'contracts/contractDocument.ts GENERAL_AGREEMENT',
      'enterprises/agreementText.ts AGREEMENT_TEXT',
      'workers/workerSigning.ts WORKER_AGREEMENT',
    ]);
  });

  it('fonts are embedded only through pdf/chineseFont.ts', () => {
    const embedders = sources.filter((source) => /\.embedFont\(/.test(source.text)).map((source) => source.file);
    expect(embedders).toEqual(['pdf/chineseFont.ts']);
  });
});
