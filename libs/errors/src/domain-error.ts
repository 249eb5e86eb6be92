import { ErrorCode, httpStatusOf } from './error-code';

/** One failing field of a validation error: the spec's `{path: [<field>...], message}`. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export type ErrorDetails = string | Record<string, unknown> | FieldIssue[];

/** The spec's error body: `{code: <HTTP status>, error: <message>, details}`. */
export interface ErrorBody {
  code: number;
  error: string;
  details: ErrorDetails;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = '',
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return httpStatusOf(this.code);
  }

  toBody(): ErrorBody {
    return { code: this.status, error: this.message, details: this.details };
  }

  static validation(issues: FieldIssue[], message = 'Validation failed'): DomainError {
    return new DomainError(ErrorCode.Validation, message, issues);
  }

  static notFound(what: string, id?: string): DomainError {
    return new DomainError(ErrorCode.NotFound, `${what} not found`, id === undefined ? '' : { id });
  }

  static notImplemented(what: string): DomainError {
    return new DomainError(ErrorCode.NotImplemented, `${what} is not implemented yet`, { feature: what });
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.code === 'number' && typeof body.error === 'string' && 'details' in body;
}
