/** Domain error codes. Services throw these; exactly one place (`httpStatusOf`) maps them to HTTP. */
export enum ErrorCode {
  Validation = 'validation',
  Unauthenticated = 'unauthenticated',
  CreditLimit = 'credit_limit',
  Forbidden = 'forbidden',
  InsufficientScope = 'insufficient_scope',
  NotFound = 'not_found',
  MethodNotAllowed = 'method_not_allowed',
  RequestTimeout = 'request_timeout',
  Conflict = 'conflict',
  Gone = 'gone',
  PayloadTooLarge = 'payload_too_large',
  UriTooLong = 'uri_too_long',
  UnsupportedMediaType = 'unsupported_media_type',
  Unprocessable = 'unprocessable',
  RateLimited = 'rate_limited',
  HeadersTooLarge = 'headers_too_large',
  Internal = 'internal',
  NotImplemented = 'not_implemented',
  UpstreamFailed = 'upstream_failed',
  Unavailable = 'unavailable',
  Timeout = 'timeout',
}

export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.Validation:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.CreditLimit:
      return 402;
    case ErrorCode.Forbidden:
    case ErrorCode.InsufficientScope:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.MethodNotAllowed:
      return 405;
    case ErrorCode.RequestTimeout:
      return 408;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.Gone:
      return 410;
    case ErrorCode.PayloadTooLarge:
      return 413;
    case ErrorCode.UriTooLong:
      return 414;
    case ErrorCode.UnsupportedMediaType:
      return 415;
    case ErrorCode.Unprocessable:
      return 422;
    case ErrorCode.RateLimited:
      return 429;
    case ErrorCode.HeadersTooLarge:
      return 431;
    case ErrorCode.Internal:
      return 500;
    case ErrorCode.NotImplemented:
      return 501;
    case ErrorCode.UpstreamFailed:
      return 502;
    case ErrorCode.Unavailable:
      return 503;
    case ErrorCode.Timeout:
      return 504;
  }
}
