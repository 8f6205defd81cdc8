import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_ROUTES } from '../../server/accounts/loginRecords';
import { describeUserAgent } from '../../server/accounts/userAgent';

/**
 * Every login path is in 登录日志 and 在线用户 because loginRecords.ts hooks every route of LOGIN_ROUTES (the
 * answer's envelope decides what is recorded). This holds it structurally: a session token is signed only in
 * auth/loginContent.ts, and each module that builds a login answer serves no POST route that is neither a login route
 * of LOGIN_ROUTES nor one of the session calls named here, so a new login path cannot slip past the log.
 */
const SERVER = path.resolve(__dirname, '../../server');

/** POST routes of login modules that are not logins: the token refresh and the logout (tracked as session calls). */
const NOT_LOGINS = new Set(['/refresh_token', '/api/v1/accounts/logout']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('every login path is recorded', () => {
  const files = sourceFiles(SERVER).map((file) => ({
    name: path.relative(SERVER, file).split(path.sep).join('/'),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('only auth/loginContent.ts signs a session token', () => {
    expect(files.filter((file) => /\btokens\.sign\(/.test(file.text)).map((file) => file.name)).toEqual([
      'auth/loginContent.ts',
    ]);
  });

  it('each POST route of a module that builds a login answer is a login route of LOGIN_ROUTES or a session call', () => {
    const loginModules = files.filter(
      (file) => file.name !== 'auth/loginContent.ts' && /\bbuildLoginContent\(/.test(file.text),
    );
    expect(loginModules.map((file) => file.name).sort()).toEqual(['accounts/auth.routes.ts', 'accounts/sso.routes.ts']);
    const unrecorded: string[] = [];
    const seen = new Set<string>();
    for (const file of loginModules) {
      for (const [, route] of file.text.matchAll(/\bapp\.post\(\s*'([^']+)'/g)) {
        seen.add(route);
        if (!(route in LOGIN_ROUTES) && !NOT_LOGINS.has(route)) unrecorded.push(`${file.name}: POST ${route}`);
      }
    }
    expect(unrecorded, '登录路由须加入 server/accounts/loginRecords.ts 的 LOGIN_ROUTES').toEqual([]);
    // And LOGIN_ROUTES names real routes of those modules.
    expect(Object.keys(LOGIN_ROUTES).filter((route) => !seen.has(route))).toEqual([]);
  });

  it('POST /login tells a company switch and the small-scale tab from a password login', () => {
    const modeOf = LOGIN_ROUTES['/login'];
    expect([modeOf({ type: '1' }), modeOf({ type: '3' }), modeOf({ type: '1', switchCompany: '1' })]).toEqual([
      1, 3, 5,
    ]);
    expect(LOGIN_ROUTES['/code/login']({})).toBe(2);
    expect(LOGIN_ROUTES['/api/v1/sso/login']({})).toBe(4);
  });
});

describe('a User-Agent in an operator’s words', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome 126',
      'Windows 10/11',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67',
      'Edge 125',
      'Windows 10/11',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari 17',
      'macOS 10.15',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      '微信 8',
      'iOS 17',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/98.0.4758.101 Mobile Safari/537.36',
      'Chrome 98',
      'Android 13',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox 127', 'Linux'],
    ['curl/8.5.0', '其他', '其他'],
    ['', '未知', '未知'],
  ])('%s', (userAgent, browser, os) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, os });
  });
});
