// Passes a server's output on so that every line is one JSON object, whatever wrote it: pino's and
// logLine's lines go through as they are; anything else (what V8 writes itself when the heap runs out, a native
// module's or a child tool's text) is gathered, consecutive lines together, into ONE JSON record with the text
// inside, written once the output has been quiet for `quietMs` or when `flush()` is called (the server exited).
import { logLine } from '../server/operations/logLine.mjs';

/** pino and logLine write one object per line; checking the brackets is enough (no parse per request line). */
const isJsonLine = (line) => line.startsWith('{') && line.endsWith('}');

export function relayAsJsonLines(source, { level, name, quietMs = 200 }) {
  // Where logLine writes this level: info to stdout, the rest to stderr.
  const target = level === 'info' ? process.stdout : process.stderr;
  let partial = '';
  let raw = [];
  let timer = null;

  const flush = () => {
    clearTimeout(timer);
    timer = null;
    while (raw.length > 0 && raw.at(-1).trim() === '') raw.pop();
    if (raw.length === 0) return;
    const text = raw.join('\n');
    raw = [];
    logLine(level, '服务器进程写出了非 JSON 的文本（原文在 text 字段）', { name, text });
  };

  source.setEncoding('utf8');
  source.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const text = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (isJsonLine(text)) {
        flush();
        target.write(`${text}\n`);
      } else if (raw.length > 0 || text.trim() !== '') raw.push(text);
    }
    if (raw.length > 0) {
      clearTimeout(timer);
      timer = setTimeout(flush, quietMs);
    }
  });
  source.on('end', () => {
    if (partial !== '') raw.push(partial);
    partial = '';
    flush();
  });
  return { flush };
}
