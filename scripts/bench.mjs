// `npm run bench`: runs every bench/*.ts in turn (`node --import tsx`) and passes their output through.
// `npm run bench -- bundleSize` runs only the benchmarks whose file name contains one of the given words.
// Exits non-zero only when a benchmark crashes; a budget overrun is printed as OVER BUDGET and does not fail.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const filters = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
  .sort()
  .map((name) => path.join('bench', name));

if (files.length === 0) {
  console.error(`no benchmark in bench/ matches ${filters.join(', ') || '*.ts'}`);
  process.exit(1);
}

/** Runs one benchmark, echoing its output as it comes; resolves with its exit code and its OVER BUDGET lines. */
function run(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('error', (error) => {
      console.error(error);
      resolve({ code: 1, over: [] });
    });
    child.on('close', (code, signal) => {
      const over = output.split('\n').filter((line) => line.includes('OVER BUDGET'));
      resolve({ code: code ?? (signal ? 1 : 0), over });
    });
  });
}

const crashed = [];
const overBudget = [];
for (const file of files) {
  const started = Date.now();
  const { code, over } = await run(file);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    crashed.push(file);
    console.log(`  ${file} CRASHED (exit ${code}) after ${seconds} s`);
  } else {
    console.log(`  (${file} took ${seconds} s)`);
  }
  overBudget.push(...over.map((line) => `${path.basename(file, '.ts')}: ${line.trim()}`));
}

console.log('\n=== summary ===');
console.log(`  ${files.length - crashed.length} of ${files.length} benchmarks ran`);
if (crashed.length > 0) console.log(`  crashed: ${crashed.join(', ')}`);
if (overBudget.length > 0) {
  console.log('  OVER BUDGET (reported, not a failure):');
  for (const line of overBudget) console.log(`    ${line}`);
} else {
  console.log('  every budget met');
}
process.exit(crashed.length > 0 ? 1 : 0);
