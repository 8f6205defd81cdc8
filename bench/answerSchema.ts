import { performance } from 'node:perf_hooks';
import fastJsonStringify from 'fast-json-stringify';
import { figure, header } from './support/report';
import { startBenchServer } from './support/server';
import { loginContent } from './support/session';

/**
 * What a declared answer schema does to a hot read by id (GET /api/v1/contract/:id, the read apiLatency.ts loads):
 * Fastify serializes the answer with fast-json-stringify compiled from the route's response schema (read here from
 * the API document the real server publishes, with its components); without a schema it would use JSON.stringify.
 * Both serialize the same real answer in the same run, alternating, beside a whole request to the real server for
 * scale. The schema must not make the answer slower.
 */
const ROUNDS = 5;
const PER_ROUND = Number(process.env.BENCH_SERIALIZE ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);

const server = await startBenchServer(undefined, { API_DOCS_PUBLIC: '1' });
try {
  const token = String((await loginContent(server.url, 'admin')).token);
  const headers = { Authorization: `Bearer ${token}`, platformMark: '1' };
  const read = () => fetch(`${server.url}/api/v1/contract/1`, { headers });
  const document = await (await fetch(`${server.url}/api/docs/openapi.json`)).json();
  const schema =
    document.paths['/api/v1/contract/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
  if (!schema) throw new Error('GET /api/v1/contract/:id declares no answer schema');
  const answer = await (await read()).json();
  if (answer.code !== 1020000) throw new Error(`contract 1: ${answer.message}`);
  const rooted = { ...schema, components: document.components };
  const withSchema = fastJsonStringify(rooted as Parameters<typeof fastJsonStringify>[0]);
  // Both write the same fields (the schema's rows keep every field): the comparison is of the same work.
  if (JSON.stringify(JSON.parse(withSchema(answer))) !== JSON.stringify(answer)) {
    throw new Error('the schema serializer changes the answer');
  }

  const time = (serialize: (value: unknown) => string) => {
    const start = performance.now();
    for (let index = 0; index < PER_ROUND; index += 1) serialize(answer);
    return ((performance.now() - start) * 1000) / PER_ROUND;
  };
  const plain: number[] = [];
  const declared: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    plain.push(time(JSON.stringify));
    declared.push(time(withSchema));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const start = performance.now();
  for (let index = 0; index < REQUESTS; index += 1) await (await read()).arrayBuffer();
  const request = ((performance.now() - start) * 1000) / REQUESTS;

  header('answer schema: GET /api/v1/contract/:id');
  console.log(`  answer: ${JSON.stringify(answer).length} bytes; ${ROUNDS} alternating rounds of ${PER_ROUND}`);
  figure('JSON.stringify (no schema, anchor)', `${median(plain).toFixed(2)} µs`);
  figure('fast-json-stringify (the route’s schema)', `${median(declared).toFixed(2)} µs`);
  const ratio = median(declared) / median(plain);
  figure('schema / no schema', ratio.toFixed(2), { limit: 1, shown: '1.00', value: ratio });
  figure('whole request to the real server (one at a time)', `${request.toFixed(0)} µs`);
} finally {
  await server.stop();
}
