import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Users never read about the development environment: a message such as 「开发环境未接入图片识别服务」 tells
 * an operator nothing they can act on. Every Chinese text the product can show (string literals, templates and
 * JSX text in the pages, the resource catalogues, the message catalogues and the server's answers) is walked
 * here with the TypeScript parser, so comments may still explain the development implementations.
 */
const ROOTS = ['src', 'resources', 'server', 'i18n'];
const CJK = /[\u4e00-\u9fa5]/u;
const DEV_WORDING = /开发环境|开发模式|开发实现|测试环境数据|模拟|调试用|\bdev\b|\bmock\b/iu;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The texts of one file a user could be shown: every literal, template piece and JSX text that holds Chinese. */
function chineseTexts(fileName: string, text: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let value: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) value = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) value = node.text;
    else if (ts.isJsxText(node)) value = node.text;
    if (value !== undefined && CJK.test(value)) {
      found.push({ text: value, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('nothing a user reads mentions the development environment', () => {
  it('finds the wording it forbids (the rule can fail)', () => {
    const texts = chineseTexts(
      'x.tsx',
      "// 开发环境说明只在注释里\nconst a = '开发环境未接入图片识别服务';\nconst b = <p>用户停机（开发环境模拟）</p>;",
    );
    expect(texts.map((t) => t.text).filter((t) => DEV_WORDING.test(t))).toEqual([
      '开发环境未接入图片识别服务',
      '用户停机（开发环境模拟）',
    ]);
  });

  it('no Chinese text in src, resources, server or i18n speaks of 开发环境, 模拟 or dev', () => {
    const offenders = ROOTS.flatMap((root) =>
      sourceFiles(root).flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        // Parsing only the files that hold the wording at all keeps the walk quick; the parse then leaves comments out.
        if (!DEV_WORDING.test(text)) return [];
        return chineseTexts(file, text)
          .filter((t) => DEV_WORDING.test(t.text))
          .map((t) => `${relative('.', file)}:${t.line} ${t.text}`);
      }),
    );
    expect(offenders).toEqual([]);
  });
});
