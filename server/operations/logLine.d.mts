export type LogLevel = 'info' | 'warn' | 'error' | 'fatal';
export function errorFields(error: unknown): Record<string, unknown>;
export function logLine(level: LogLevel, msg: string, extra?: Record<string, unknown>): void;
