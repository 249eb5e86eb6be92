import {
  applyDecorators,
  Controller,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { Observable, catchError, defer, map, of } from 'rxjs';
import type { z } from 'zod';
import { errorBodySchema, isPublicOperation, type Operation, type RpcReply, type RpcRequest } from '@platica/contracts';
import { parseOrThrow } from '@platica/errors';
import { errorReply } from '../errors/error-reply';
import { requestContext } from '../logging/request-context';
import { natsSubject } from './subjects';

const OPERATION = Symbol.for('platica.operation');

/** Every handler bound in this process, by subject: what the operations coverage test reads. */
export const boundHandlers = new Map<string, { operation: Operation; handler: string }>();

/**
 * Binds a method to one operation (request/reply over NATS): the operation's query and body
 * schemas validate the request before the method runs, so it receives them typed
 * (`OperationRequest<typeof operation>`), and a failure is a 400 naming the fields.
 */
export function Handles(operation: Operation): MethodDecorator {
  return (target, key, descriptor) => {
    const handler = `${target.constructor.name}.${String(key)}`;
    const bound = boundHandlers.get(operation.subject);
    if (bound && bound.handler !== handler) throw new Error(`${operation.subject} is bound twice: ${bound.handler} and ${handler}`);
    boundHandlers.set(operation.subject, { operation, handler });
    Reflect.defineMetadata(OPERATION, operation, descriptor.value as object);
    return MessagePattern(natsSubject(operation.subject))(target, key, descriptor);
  };
}

/**
 * Checks each answer against the operation's declared response schemas (test stacks set
 * PLATICA_CHECK_RESPONSES): an answer the OpenAPI document does not describe fails loudly.
 */
const checkResponses = process.env.PLATICA_CHECK_RESPONSES === 'true';

/**
 * Around every handler: validates its input, runs it in the request's logging context, and
 * turns its outcome into the contract's reply: a plain value is a 200, an `RpcReply` is sent
 * as is, an error goes through `errorReply`.
 */
@Injectable()
export class RpcReplyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<RpcReply> {
    const envelope = context.switchToRpc().getData<RpcRequest>();
    const operation = Reflect.getMetadata(OPERATION, context.getHandler()) as Operation | undefined;
    const requestId = typeof envelope?.requestId === 'string' ? envelope.requestId : randomUUID();
    return new Observable<RpcReply>((subscriber) =>
      requestContext.run({ requestId }, () =>
        defer(() => {
          if (operation) validateInput(operation, envelope);
          return next.handle();
        })
          .pipe(
            map((value: unknown): RpcReply => (isRpcReply(value) ? value : { status: 200, body: value ?? null })),
            catchError((error: unknown) => of<RpcReply>(errorReply(error, { subject: operation?.subject }))),
            map((reply) => (checkResponses && operation ? this.checked(operation, reply) : reply)),
          )
          .subscribe(subscriber),
      ),
    );
  }

  private checked(operation: Operation, reply: RpcReply): RpcReply {
    const schema: z.ZodType | undefined = reply.status >= 400 ? errorBodySchema : operation.responses[reply.status];
    const declared = reply.status >= 400 || !isPublicOperation(operation) || schema !== undefined;
    const result = schema?.safeParse(reply.body);
    if (declared && (!result || result.success)) return reply;
    const problem = result?.success === false ? result.error.issues.slice(0, 5) : `status ${reply.status} is not declared`;
    return errorReply(new Error(`${operation.subject} answered outside its declared responses: ${JSON.stringify(problem)}`), {
      subject: operation.subject,
      status: reply.status,
    });
  }
}

function validateInput(operation: Operation, envelope: RpcRequest): void {
  if (operation.query) envelope.query = parseOrThrow(operation.query, envelope.query ?? {}) as RpcRequest['query'];
  if (operation.body) envelope.body = parseOrThrow(operation.body, envelope.body);
}

/** A controller of NATS handlers whose results and errors follow the contract. */
export function RpcController(): ClassDecorator {
  return applyDecorators(Controller(), UseInterceptors(RpcReplyInterceptor));
}

const REPLY_MARK = Symbol.for('platica.rpcReply');

function isRpcReply(value: unknown): value is RpcReply {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REPLY_MARK] === true;
}

/** An explicit reply with a status other than 200 (e.g. 201, 202). */
export function withStatus<Body>(status: number, body: Body): RpcReply<Body> {
  const value = { status, body };
  Object.defineProperty(value, REPLY_MARK, { value: true, enumerable: false });
  return value;
}
