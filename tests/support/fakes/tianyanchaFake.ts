import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback 天眼查 open API for tests: it checks the token in the Authorization header (300002 账号失效 when it is
 * wrong, as 天眼查 does), answers GET /services/open/search/2.0?word= and /services/open/ic/baseinfo/normal?keyword=
 * from `companies` as {error_code, reason, result} (300000 when nothing matches), and can answer one error code
 * next (failNext).
 */
export interface TianyanchaFake {
  url: string;
  token: string;
  companies: Record<string, string | number>[];
  /** Paths and queries asked, in order. */
  requests: string[];
  failNext(code: number, reason: string): void;
  close(): Promise<void>;
}

export async function startTianyanchaFake(token: string, companies: Record<string, string | number>[]) {
  let failure: { code: number; reason: string } | null = null;
  const fake: TianyanchaFake = {
    url: '',
    token,
    companies,
    requests: [],
    failNext(code, reason) {
      failure = { code, reason };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push(`${url.pathname}${url.search}`);
    const send = (body: object) => {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== fake.token)
      return send({ error_code: 300002, reason: '账号失效', result: null });
    if (failure) {
      const { code, reason } = failure;
      failure = null;
      return send({ error_code: code, reason, result: null });
    }
    if (url.pathname === '/services/open/search/2.0') {
      const word = url.searchParams.get('word') ?? '';
      const items = fake.companies
        .filter((company) => String(company.name).includes(word))
        .map(({ name, creditCode, legalPersonName, regStatus, base }) => ({
          name: String(name).replace(word, `<em>${word}</em>`),
          creditCode,
          legalPersonName,
          regStatus,
          base,
          companyType: 1,
        }));
      if (items.length === 0) return send({ error_code: 300000, reason: '无数据', result: null });
      return send({ error_code: 0, reason: 'ok', result: { total: items.length, items } });
    }
    if (url.pathname === '/services/open/ic/baseinfo/normal') {
      const keyword = url.searchParams.get('keyword') ?? '';
      const found = fake.companies.find((company) => company.name === keyword || company.creditCode === keyword);
      if (!found) return send({ error_code: 300000, reason: '无数据', result: null });
      return send({ error_code: 0, reason: 'ok', result: found });
    }
    return send({ error_code: 300010, reason: 'URL不存在', result: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
