/**
 * A browser's User-Agent in the words an operator reads in 登录日志 and 在线用户 (浏览器 「Chrome 126」, 操作系统
 * 「Windows 10/11」), as back offices show it. Only the common desktop and mobile browsers of Chinese users are named;
 * anything else is 「其他」 and the full text stays in its own column. Order matters: Edge, Opera and the Chinese
 * browsers carry Chrome's and Safari's tokens too.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/MicroMessenger\/(\d+)/, '微信'],
  [/DingTalk\/(\d+)/, '钉钉'],
  [/QQBrowser\/(\d+)/, 'QQ浏览器'],
  [/UCBrowser\/(\d+)/, 'UC浏览器'],
  [/(?:360SE|360EE|QIHU 360)/, '360浏览器'],
  [/MetaSr/, '搜狗浏览器'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/(?:MSIE |Trident\/.*rv:)(\d+)/, 'IE'],
];

const SYSTEMS: readonly [RegExp, (match: RegExpMatchArray) => string][] = [
  [/HarmonyOS/, () => 'HarmonyOS'],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/(?:iPhone|iPad|iPod).*? OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/Windows NT 10\.0/, () => 'Windows 10/11'],
  [/Windows NT 6\.3/, () => 'Windows 8.1'],
  [/Windows NT 6\.1/, () => 'Windows 7'],
  [/Windows/, () => 'Windows'],
  [/Mac OS X (\d+)[._](\d+)/, (m) => `macOS ${m[1]}.${m[2]}`],
  [/Mac OS X/, () => 'macOS'],
  [/CrOS/, () => 'ChromeOS'],
  [/Linux/, () => 'Linux'],
];

export interface UserAgentSummary {
  browser: string;
  os: string;
}

export function describeUserAgent(userAgent: string | undefined): UserAgentSummary {
  const text = userAgent ?? '';
  if (!text.trim()) return { browser: '未知', os: '未知' };
  let browser = '其他';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  let os = '其他';
  for (const [pattern, name] of SYSTEMS) {
    const match = text.match(pattern);
    if (match) {
      os = name(match);
      break;
    }
  }
  return { browser, os };
}
