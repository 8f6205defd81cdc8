import { renderHelpMarkdown, searchTextOf } from '../../system/helpMarkdown';
import type { Db } from '../database';
import { chinaTime } from '../time';

/** Demo data of the help center: categories and real articles for the merchant's main tasks. */

const CATEGORIES = ['账户充值', '人员管理', '批量打款', '发票', '常见问题'];

const ARTICLES: readonly { category: string; title: string; body: string; published: boolean }[] = [
  {
    category: '账户充值',
    title: '如何给企业账户充值',
    published: true,
    body: `打款前，企业账户里需要有足够的余额（打款金额加服务费）。

## 充值步骤
1. 在左侧菜单打开 **账户充值**，页面会显示平台的收款账户（户名、账号、开户银行）。
2. 通过 **企业对公账户** 转账到该收款账户。请务必使用在平台登记的对公账户付款，个人账户转账无法入账。
3. 转账完成后回到 **账户充值**，填写充值金额、付款户名、付款账号和银行流水号，上传转账凭证（回单截图或照片），点 **提交充值申请**。
4. 财务确认到账后，金额计入账户余额，您会在 **充值记录** 里看到状态变化。

## 注意事项
- 充值金额以元为单位，最多两位小数，请与实际转账金额一致。
- 备注不能超过 128 个字符，且不能包含敏感词。
- 如长时间未到账，请在 **意见反馈** 中提交，附上转账回单。`,
  },
  {
    category: '人员管理',
    title: '如何导入签约人员',
    published: true,
    body: `给个人打款前，收款人需要先导入平台并签署自由职业者协议。

## 导入步骤
1. 打开 **签约人员**，点 **导入人员**，先 **下载模板**（Excel 或 CSV）。
2. 按模板填写：姓名、身份证号、手机号、银行卡号、开户银行。Excel 中请把 **身份证号、银行卡号** 列设为文本格式，否则末尾数字会丢失。
3. 点 **选择文件并导入**。系统逐行做实名核验，全部通过才会导入；有误的行会列出行号和原因，修改后重新上传即可。
4. 导入后的人员为「待签署」，签署自由职业者协议后才能给他打款。

人数较少时，也可以用 **手工添加** 逐个录入。`,
  },
  {
    category: '批量打款',
    title: '如何批量打款',
    published: true,
    body: `## 打款步骤
1. 打开 **批量打款**，下载打款模板，按表头填写收款人：姓名、身份证号、银行卡号、手机号（选填）、金额（元）、备注（选填）。
2. 点 **选择文件并上传**，系统会逐行校验，全部通过才能提交；有误的行会列出原因。
3. 在 **打款明细预览** 中核对打款笔数、打款金额、服务费和合计应付。若提示某些银行卡号校验位不符，请与收款人核对后勾选确认。
4. 输入 6 位数字 **支付密码**，点 **确认打款**。还没有支付密码时，请先到账户安全中设置。

## 打款之后
- 银行处理完成后，可在 **打款记录** 查看每笔结果。
- 打款失败的金额和对应服务费会自动退回账户余额。
- 余额不足时无法提交，请先 **账户充值**。`,
  },
  {
    category: '发票',
    title: '如何申请开票',
    published: true,
    body: `打款批次完成后，可以为已打款的金额申请发票。

## 申请步骤
1. 打开 **申请开票**，在 **选择打款批次** 中勾选要开票的批次，页面会显示可开票金额合计。
2. 核对 **开票信息**（企业名称、税号、开户银行、账号、地址电话），如有变化请先在 **企业信息** 中修改。
3. 选择 **开票类目**，点 **提交申请**。
4. 财务开具后，可在 **开票记录** 查看状态并下载发票文件。

## 发票类型
- 标准版开具 6% 增值税专用发票。
- 小规模版开具 5% 差额征税普通发票：已发放给个人的款项作为差额扣除。`,
  },
  {
    category: '常见问题',
    title: '忘记支付密码怎么办',
    published: true,
    body: `支付密码用于确认打款，是 6 位数字，和登录密码不同。

忘记时请打开 **企业信息** 中的账户安全，通过管理员手机号收到的短信验证码重新设置。`,
  },
  {
    category: '常见问题',
    title: '发票开具周期说明（草稿）',
    published: false,
    body: '财务一般在收到申请后 3 个工作日内开具。（待财务确认后发布）',
  },
];

export async function seedHelpCenter(db: Db): Promise<void> {
  const now = chinaTime();
  const ids = new Map<string, number>();
  for (const [index, name] of CATEGORIES.entries()) {
    const row = await db
      .insertInto('help_categories')
      .values({ name, sort: (index + 1) * 10, create_time: now, update_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(name, Number(row.id));
  }
  await db
    .insertInto('help_articles')
    .values(
      ARTICLES.map((article, index) => ({
        category_id: ids.get(article.category) as number,
        title: article.title,
        body: article.body,
        body_html: renderHelpMarkdown(article.body),
        search_text: searchTextOf(article.title, article.body),
        sort: (index + 1) * 10,
        status: article.published ? 1 : 0,
        publisher: article.published ? '系统管理员' : null,
        release_time: article.published ? now : null,
        create_time: now,
        update_time: now,
      })),
    )
    .execute();
}
