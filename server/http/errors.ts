import { CODE_BUSINESS_ERROR, CODE_CAPTCHA_REFRESH } from '../../src/domain/codes';

/** A failure the user can act on: answered as HTTP 200 with code 1040400 and the message (DESIGN §2). */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly code: number = CODE_BUSINESS_ERROR,
    readonly content: unknown = null,
  ) {
    super(message);
  }
}

/** Login / SMS failures after which the client must fetch a new image captcha (spec §8). */
export class CaptchaRefreshError extends BusinessError {
  constructor(message: string) {
    super(message, CODE_CAPTCHA_REFRESH);
  }
}

/** 401: not authenticated; the client logs out and returns to /login. */
export class UnauthenticatedError extends Error {
  readonly statusCode = 401;
}

/** 403: authenticated but not permitted. */
export class ForbiddenError extends Error {
  readonly statusCode = 403;
}

export function fail(message: string): never {
  throw new BusinessError(message);
}
