import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';

/**
 * What the server log says about a request. Fastify writes the request into its `incoming request` line (and any
 * line that logs `req`) through the `req` serializer, which here is the only one: it writes the method, the path
 * without its query string, and the path with every secret segment masked, never the headers. Query strings carry
 * keys and signed download parameters; paths carry the tokens of signing links (`/api/v1/open/worker_sign/:token`)
 * and of the SMS receipt address (`/api/v1/sms/receipts/<provider>/:token`). A route parameter is secret when its
 * name says so (SECRET_PARAM); a path that matched no route keeps no segment that looks like a token.
 */
export const SECRET_PARAM = /token|secret|key|signature/i;
export const MASK = '***';
/** Outside a route: a long segment that mixes letters and digits is taken for a token. */
const TOKEN_LIKE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_.~%-]{20,}$/;
const PARAM = /:([A-Za-z_$][\w$]*)/g;

const isSecretSegment = (patternSegment: string) =>
  [...patternSegment.matchAll(PARAM)].some((match) => SECRET_PARAM.test(match[1]));

const maskTokenLike = (segments: string[]) => segments.map((segment) => (TOKEN_LIKE.test(segment) ? MASK : segment));

/** The request's path as the log shows it: no query string, secret segments masked. */
export function loggedPath(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const path = request.url.split(/[?#]/, 1)[0];
  const segments = path.split('/');
  const pattern = request.routeOptions?.url;
  if (!pattern) return maskTokenLike(segments).join('/');
  const parts = pattern.split('/');
  // ignoreTrailingSlash: '/a/b/' matches the route '/a/b'.
  const trailing = segments.length === parts.length + 1 && segments.at(-1) === '';
  if (segments.length !== parts.length && !trailing) {
    // A wildcard route: no position to map; keep no segment that looks like a token.
    return maskTokenLike(segments).join('/');
  }
  return segments.map((segment, index) => (parts[index] && isSecretSegment(parts[index]) ? MASK : segment)).join('/');
}

/** The `req` serializer of every log line. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedPath(request),
    remoteAddress: request.ip,
  };
}

/** Fastify's logger option with the request serializer in place, whatever logger a caller asked for. */
export function withRequestSerializer(logger: boolean | object): false | FastifyLoggerOptions {
  if (logger === false) return false;
  const options = (logger === true ? {} : logger) as FastifyLoggerOptions;
  return { ...options, serializers: { ...(options.serializers ?? {}), req: serializeRequest } } as FastifyLoggerOptions;
}
