import { createSign, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createZip } from '../../../server/engine/zipArchive';
import { gbkEncode } from '../../support/batchFiles';

/**
 * A loopback fake of Alipay's open-platform gateway (gateway.do), a real HTTP server on 127.0.0.1. It checks the
 * RSA2 signature of every request on its own (node:crypto, with the calling app's public key), signs its answers
 * and notifications with its own test key pair as Alipay does, and keeps an order book per out_biz_no: a resend of
 * a known out_biz_no answers the first order. What an order does is chosen by the payee's name (see Scenario).
 * The account bill of a day (bill_type signcustomer) is a zip of one GBK CSV in Alipay's layout, written from the
 * order book: a 支出 row per paid order, and a 收入 row 退票 after it for a returned one.
 */

export type Scenario = 'success' | 'fail' | 'dealing' | 'held' | 'refund' | 'refuse';
export const FAKE_REASON = {
  fail: '收款账户状态异常',
  held: '付款方余额不足',
  refund: '收款行退票：账户已销户',
  refuse: '收款人姓名与账号不符',
} as const;

export interface FakeOrder {
  outBizNo: string;
  orderId: string;
  payFundOrderId: string;
  appId: string;
  amount: string;
  productCode: string;
  payee: Record<string, unknown>;
  status: 'SUCCESS' | 'FAIL' | 'DEALING' | 'REFUND';
  failReason: string;
  /** The day (YYYY-MM-DD) the order's money moves on the account bill: the day it was made, unless a test moves it. */
  billDay: string;
}

export interface TestKeys {
  privateKey: string;
  publicKey: string;
}

export function testKeyPair(): TestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const sign = (text: string, key: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

export interface FakeAlipayGateway {
  url: string;
  /** Alipay's own key pair: the app verifies with `alipay.publicKey`. */
  alipay: TestKeys;
  orders: Map<string, FakeOrder>;
  /** Every transfer request with a good signature, in order (out_biz_no each). */
  transfers: string[];
  /** Requests refused for their signature. */
  badSignatures: number;
  /** Signs answers with a key that is not Alipay's (the app must refuse them). */
  forgeAnswers: boolean;
  availableAmount: string;
  /** Registers an app (its id and public key) allowed to call. */
  allow(appId: string, publicKey: string): void;
  /** A scenario per payee name (default: success). */
  scenarios: Map<string, Scenario>;
  /** Moves an order (Alipay finished it, released the hold, the bank sent it back). */
  set(outBizNo: string, status: FakeOrder['status'], failReason?: string): void;
  /** The signed form Alipay posts for this order's state now (fields overridable, then signed by `key`). */
  notification(outBizNo: string, override?: Record<string, string>, key?: string): string;
  close(): Promise<void>;
}

export async function startFakeAlipayGateway(): Promise<FakeAlipayGateway> {
  const alipay = testKeyPair();
  const stranger = testKeyPair();
  const apps = new Map<string, string>();
  const receipts = new Map<string, string>();
  const bills = new Map<string, string>();
  let serial = 0;

  function answer(method: string, content: Record<string, unknown>, forged: boolean): string {
    const key = `${method.replaceAll('.', '_')}_response`;
    const inner = JSON.stringify(content);
    return `{"${key}":${inner},"sign":"${sign(inner, forged ? stranger.privateKey : alipay.privateKey)}"}`;
  }

  function verified(params: Record<string, string>): boolean {
    const publicKey = apps.get(params.app_id ?? '');
    if (!publicKey || !params.sign) return false;
    const text = Object.keys(params)
      .filter((key) => key !== 'sign')
      .sort()
      .map((key) => `${key}=${params[key]}`)
      .join('&');
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, params.sign, 'base64');
  }

  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const business = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });

  function handle(method: string, params: Record<string, string>, biz: Record<string, any>): Record<string, unknown> {
    switch (method) {
      case 'alipay.fund.trans.uni.transfer': {
        const outBizNo = String(biz.out_biz_no);
        fake.transfers.push(outBizNo);
        let order = fake.orders.get(outBizNo);
        if (!order) {
          const scenario = fake.scenarios.get(String(biz.payee_info?.name)) ?? 'success';
          if (scenario === 'refuse') return business('PAYEE_USER_INFO_ERROR', FAKE_REASON.refuse);
          serial += 1;
          order = {
            outBizNo,
            orderId: `2026120311010${String(serial).padStart(8, '0')}`,
            payFundOrderId: `2026120311010${String(serial).padStart(8, '0')}F`,
            appId: params.app_id,
            amount: String(biz.trans_amount),
            productCode: String(biz.product_code),
            payee: biz.payee_info,
            status:
              scenario === 'fail' ? 'FAIL' : scenario === 'dealing' || scenario === 'held' ? 'DEALING' : 'SUCCESS',
            failReason: scenario === 'fail' ? FAKE_REASON.fail : scenario === 'held' ? FAKE_REASON.held : '',
            billDay: '',
          };
          order.billDay = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
          fake.orders.set(outBizNo, order);
        }
        return ok({
          out_biz_no: outBizNo,
          order_id: order.orderId,
          pay_fund_order_id: order.payFundOrderId,
          status: order.status,
        });
      }
      case 'alipay.fund.trans.common.query': {
        const order = fake.orders.get(String(biz.out_biz_no));
        if (!order || order.appId !== params.app_id) return business('ORDER_NOT_EXIST', '转账订单不存在');
        return ok({
          out_biz_no: order.outBizNo,
          order_id: order.orderId,
          pay_fund_order_id: order.payFundOrderId,
          status: order.status,
          trans_amount: order.amount,
          ...(order.failReason ? { fail_reason: order.failReason } : {}),
        });
      }
      case 'alipay.data.bill.ereceipt.apply': {
        const order = [...fake.orders.values()].find((each) => each.payFundOrderId === biz.key);
        if (!order) return business('FILE_NOT_EXIST', '资金流水不存在');
        const fileId = `RC${randomUUID().replaceAll('-', '')}`;
        receipts.set(fileId, order.outBizNo);
        return ok({ file_id: fileId });
      }
      case 'alipay.data.bill.ereceipt.query': {
        if (!receipts.has(String(biz.file_id))) return business('FILE_NOT_EXIST', '文件不存在');
        return ok({ status: 'SUCCESS', download_url: `${fake.url}/files/receipt/${biz.file_id}.pdf` });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        if (biz.bill_type !== 'signcustomer') return business('isp.bill_type_error', '账单类型错误');
        const day = String(biz.bill_date);
        const moved = [...fake.orders.values()].filter(
          (order) => order.appId === params.app_id && order.billDay === day && /SUCCESS|REFUND/.test(order.status),
        );
        if (moved.length === 0) return business('isp.bill_not_exist', '账单不存在');
        const name = `bill-${randomUUID().replaceAll('-', '')}`;
        bills.set(name, billCsv(day, moved));
        return ok({ bill_download_url: `${fake.url}/files/bill/${name}.zip` });
      }
      case 'alipay.fund.account.query':
        return ok({ available_amount: fake.availableAmount, freeze_amount: '0.00' });
      default:
        return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const bill = /^\/files\/bill\/([\w-]+)\.zip$/.exec(url.pathname);
      if (request.method === 'GET' && bill && bills.has(bill[1])) {
        zipOf(bills.get(bill[1]) ?? '').then((zip) => {
          response.writeHead(200, { 'content-type': 'application/zip' });
          response.end(zip);
        });
        return;
      }
      const receipt = /^\/files\/receipt\/(\w+)\.pdf$/.exec(url.pathname);
      if (request.method === 'GET' && receipt && receipts.has(receipt[1])) {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end(`%PDF-1.4\n% 电子回单 ${receipts.get(receipt[1])}\n%%EOF\n`);
        return;
      }
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[key] = value;
      const method = params.method ?? '';
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      if (!verified(params)) {
        fake.badSignatures += 1;
        response.end(
          answer(
            method,
            { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' },
            fake.forgeAnswers,
          ),
        );
        return;
      }
      let biz: Record<string, any> = {};
      try {
        biz = JSON.parse(params.biz_content ?? '{}');
      } catch {
        biz = {};
      }
      response.end(answer(method, handle(method, params, biz), fake.forgeAnswers));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeAlipayGateway = {
    url: `http://127.0.0.1:${port}`,
    alipay,
    orders: new Map(),
    transfers: [],
    badSignatures: 0,
    forgeAnswers: false,
    availableAmount: '0.00',
    scenarios: new Map(),
    allow(appId, publicKey) {
      apps.set(appId, publicKey);
    },
    set(outBizNo, status, failReason = '') {
      const order = fake.orders.get(outBizNo);
      if (!order) throw new Error(`no order ${outBizNo}`);
      order.status = status;
      order.failReason = failReason;
    },
    notification(outBizNo, override = {}, key = alipay.privateKey) {
      const order = fake.orders.get(outBizNo);
      if (!order) throw new Error(`no order ${outBizNo}`);
      const params: Record<string, string> = {
        notify_id: randomUUID().replaceAll('-', ''),
        utc_timestamp: String(Date.now()),
        msg_method: 'alipay.fund.trans.order.changed',
        app_id: order.appId,
        version: '1.1',
        charset: 'utf-8',
        biz_content: JSON.stringify({
          out_biz_no: order.outBizNo,
          order_id: order.orderId,
          pay_fund_order_id: order.payFundOrderId,
          status: order.status,
          trans_amount: order.amount,
          biz_scene: 'DIRECT_TRANSFER',
          product_code: order.productCode,
          ...(order.failReason ? { fail_reason: order.failReason } : {}),
        }),
        ...override,
      };
      // Alipay signs a notification's fields but sign and sign_type, sorted, as key=value pairs joined by &.
      const text = Object.keys(params)
        .sort()
        .map((name) => `${name}=${params[name]}`)
        .join('&');
      return new URLSearchParams({ ...params, sign_type: 'RSA2', sign: sign(text, key) }).toString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** Alipay's signcustomer bill of a day: comment lines, the header, one row per movement, the totals comment. */
function billCsv(day: string, orders: FakeOrder[]): string {
  const rows = [
    '#支付宝账务明细查询',
    `#账号：[20880000000000000156]`,
    `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
    '#-----------------------------------------账务明细列表----------------------------------------',
    '账务流水号,业务流水号,商户订单号,商品名称,发生时间,对方账号,收入金额（+元）,支出金额（-元）,账户余额（元）,交易渠道,业务类型,备注',
  ];
  let serial = 0;
  for (const order of orders) {
    serial += 1;
    rows.push(
      `${day.replaceAll('-', '')}0000${serial}\t,${order.orderId}\t,${order.outBizNo}\t,单笔转账,${day} 10:00:00,收款人,,-${order.amount},0.00,支付宝,转账,`,
    );
    if (order.status === 'REFUND') {
      serial += 1;
      rows.push(
        `${day.replaceAll('-', '')}0000${serial}\t,${order.orderId}\t,${order.outBizNo}\t,单笔转账,${day} 18:00:00,收款人,+${order.amount},,0.00,支付宝,转账退票,`,
      );
    }
  }
  rows.push('#-----------------------------------------账务明细列表结束------------------------------------');
  return rows.join('\r\n');
}

async function zipOf(csv: string): Promise<Buffer> {
  const zip = createZip();
  const chunks: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
  });
  zip.append(Buffer.from('说明：账务明细'), { name: '20880000000000000156_账务明细(汇总).txt' });
  zip.append(gbkEncode(csv), { name: '20880000000000000156_账务明细.csv' });
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}
