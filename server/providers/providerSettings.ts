type Env = Record<string, string | undefined>;

/**
 * The settings an outside provider needs once it is chosen (SMS_PROVIDER=aliyun, FILE_STORAGE=s3, ...). Every
 * missing one is named in `problems`, so the server refuses to start half-configured and says what to set,
 * instead of failing at the first message, signature or upload in production.
 */
export function readProviderSettings<K extends string>(
  env: Env,
  choice: { variable: string; value: string },
  names: readonly K[],
  problems: string[],
): Record<K, string> {
  const settings = {} as Record<K, string>;
  const missing: string[] = [];
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) settings[name] = value;
    else missing.push(name);
  }
  if (missing.length > 0) {
    problems.push(`${choice.variable}=${choice.value} 还缺少这些设置：${missing.join('、')}`);
  }
  return settings;
}

/** The provider a variable names, one of `allowed` (the first is the default, the development one). */
export function readProviderChoice<P extends string>(
  env: Env,
  variable: string,
  allowed: readonly [P, ...P[]],
  problems: string[],
): P {
  const raw = env[variable]?.trim();
  if (!raw) return allowed[0];
  if ((allowed as readonly string[]).includes(raw)) return raw as P;
  problems.push(`${variable} 只能是 ${allowed.join('、')} 之一（当前为 "${raw}"）`);
  return allowed[0];
}
