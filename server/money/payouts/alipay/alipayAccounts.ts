import { createPrivateKey, createPublicKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { ALIPAY_PRODUCTION_GATEWAY, type AlipayAccountSettings } from '../../../config';
import type { Db } from '../../../db/database';

/**
 * The Alipay applications the channel pays from: a signing entity's own (alipay_accounts, entered by an admin)
 * or the default one (ALIPAY_* settings) for every entity without one. Enterprise id 0 names the default.
 * An SDK client is built once per account and rebuilt when its settings change.
 */

/** How long one call to Alipay may take: a stuck gateway must not hold a payout round. */
export const ALIPAY_TIMEOUT_MS = 8000;

export interface AlipayAccount extends AlipayAccountSettings {
  /** The signing entity whose account this is; 0: the default account. */
  enterpriseId: number;
  sdk: AlipaySdk;
}

export interface AlipayAccounts {
  /** The account an item of this signing entity is paid from (its own, else the default). */
  forEnterprise(enterpriseId: number): Promise<AlipayAccount>;
  /** The accounts in use: the default and every entity's own. */
  all(): Promise<AlipayAccount[]>;
}

/** Which SDK key type a private key's PEM text is (Alipay's key tool writes either). */
function keyTypeOf(privateKey: string): 'PKCS1' | 'PKCS8' {
  if (privateKey.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (privateKey.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  // Bare base64 (as the key tool shows it): PKCS#8 when it parses as such.
  try {
    createPrivateKey({ key: Buffer.from(privateKey.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/** Problems with an account's settings an admin can fix (empty: usable), in Chinese. */
export function accountProblems(settings: Partial<AlipayAccountSettings>): string[] {
  const problems: string[] = [];
  if (!/^\d{8,32}$/.test(settings.appId ?? '')) problems.push('APPID 应为 8-32 位数字');
  if (settings.gateway && !/^https:\/\/[^\s]+$/.test(settings.gateway)) problems.push('网关地址应以 https:// 开头');
  // The keys as the SDK will use them (it rewraps the PEM text): both must parse.
  const { sdk } = clientOf(
    {
      appId: settings.appId ?? '',
      privateKey: settings.privateKey?.trim() || '-',
      alipayPublicKey: settings.alipayPublicKey?.trim() || '-',
      gateway: ALIPAY_PRODUCTION_GATEWAY,
    },
    0,
  );
  try {
    createPrivateKey(sdk.config.privateKey);
  } catch {
    problems.push('应用私钥无法读取，请粘贴支付宝密钥工具生成的应用私钥（PEM 文本）');
  }
  try {
    createPublicKey(sdk.config.alipayPublicKey);
  } catch {
    problems.push('支付宝公钥无法读取，请粘贴开放平台「接口加签方式」中的支付宝公钥');
  }
  return problems;
}

function clientOf(settings: AlipayAccountSettings, enterpriseId: number): AlipayAccount {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: keyTypeOf(settings.privateKey),
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
    timeout: ALIPAY_TIMEOUT_MS,
    // Answers keep Alipay's own field names (out_biz_no, order_id), as its documents write them.
    camelcase: false,
  });
  return { ...settings, enterpriseId, sdk };
}

export function createAlipayAccounts(db: Db, defaults: AlipayAccountSettings): AlipayAccounts {
  const defaultAccount = clientOf(defaults, 0);
  const built = new Map<number, { stamp: string; account: AlipayAccount }>();

  function fromRow(row: {
    enterprise_id: number;
    app_id: string;
    private_key: string;
    alipay_public_key: string;
    gateway: string | null;
    update_time: string;
  }): AlipayAccount {
    const id = Number(row.enterprise_id);
    const stamp = `${row.update_time}|${row.app_id}|${row.gateway ?? ''}`;
    const cached = built.get(id);
    if (cached && cached.stamp === stamp) return cached.account;
    const account = clientOf(
      {
        appId: row.app_id,
        privateKey: row.private_key,
        alipayPublicKey: row.alipay_public_key,
        gateway: row.gateway || ALIPAY_PRODUCTION_GATEWAY,
      },
      id,
    );
    built.set(id, { stamp, account });
    return account;
  }

  return {
    async forEnterprise(enterpriseId) {
      if (!enterpriseId) return defaultAccount;
      const row = await db
        .selectFrom('alipay_accounts')
        .selectAll()
        .where('enterprise_id', '=', enterpriseId)
        .executeTakeFirst();
      return row ? fromRow(row) : defaultAccount;
    },
    async all() {
      const rows = await db.selectFrom('alipay_accounts').selectAll().orderBy('enterprise_id').execute();
      return [defaultAccount, ...rows.map(fromRow)];
    },
  };
}

/**
 * A key as pasted (a PEM block, possibly flattened to one line by a form's input, or the bare base64 Alipay's
 * key tool shows), rewritten as a PEM block the SDK and node:crypto read; null when it is not a key of that kind.
 */
export function normalizeKey(text: string, kind: 'private' | 'public'): string | null {
  const body = text
    .replace(/-----(BEGIN|END)[A-Z ]*-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) return null;
  const der = Buffer.from(body, 'base64');
  const wrap = (label: string) =>
    `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)?.join('\n')}\n-----END ${label}-----`;
  const attempts: [string, () => unknown][] =
    kind === 'private'
      ? [
          ['PRIVATE KEY', () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })],
          ['RSA PRIVATE KEY', () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' })],
        ]
      : [['PUBLIC KEY', () => createPublicKey({ key: der, format: 'der', type: 'spki' })]];
  for (const [label, read] of attempts) {
    try {
      read();
      return wrap(label);
    } catch {
      // Not this kind: try the next.
    }
  }
  return null;
}
