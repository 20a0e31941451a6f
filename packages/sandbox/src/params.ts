import type { ApiMethods, Opts } from '@grammyjs/types';
import type { RequestArguments, UploadedFile } from './body';
import { badRequest } from './errors';

/**
 * A file parameter as the Bot API takes it: a multipart upload (the part named by the
 * parameter, or `attach://<part>`), a `file_id` the bot received before, or an HTTP URL.
 */
export type FileArgument =
  | { kind: 'upload'; file: UploadedFile }
  | { kind: 'file_id'; fileId: string }
  | { kind: 'url'; url: string };

/** Stands for grammY's InputFile in Telegram's method types: on the wire, an upload. */
type WireFile = { readonly upload: true };

export type MethodName = keyof ApiMethods<WireFile>;

/** The parameters of a method, as @grammyjs/types names them. */
export type ParamName<M extends MethodName> = keyof Opts<WireFile>[M] & string;

/** The answer a method gives, as @grammyjs/types types it. */
export type MethodResult<M extends MethodName> = ReturnType<ApiMethods<WireFile>[M]>;

/**
 * One call's parameters, read as Telegram reads them. The parameter names are checked by tsc
 * against Telegram's published types (a name the method does not have does not compile).
 */
export class Params<M extends MethodName> {
  constructor(readonly args: RequestArguments) {}

  has(name: ParamName<M>): boolean {
    return this.args.fields.has(name) || this.args.files.has(name);
  }

  /** The parameter as text; '' when absent, as Telegram treats a missing parameter. */
  text(name: ParamName<M>): string {
    return this.args.fields.get(name) ?? '';
  }

  optionalText(name: ParamName<M>): string | undefined {
    const value = this.args.fields.get(name);
    return value === undefined || value === '' ? undefined : value;
  }

  /** An Integer parameter: Telegram reads the leading number and takes `fallback` otherwise. */
  integer(name: ParamName<M>, fallback = 0): number {
    const value = this.args.fields.get(name)?.trim();
    if (value === undefined || value === '') return fallback;
    const match = /^[+-]?\d+/.exec(value);
    return match ? Number(match[0]) : fallback;
  }

  /** An Integer bounded the way Telegram bounds it: out of range is clamped. */
  boundedInteger(name: ParamName<M>, fallback: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.integer(name, fallback)));
  }

  /** A Boolean parameter: "true", "1" or "yes", in any case. */
  boolean(name: ParamName<M>): boolean {
    const value = this.args.fields.get(name)?.trim().toLowerCase();
    return value === 'true' || value === '1' || value === 'yes';
  }

  /** A JSON-serialized parameter; `unreadable` is Telegram's refusal when it is not JSON. */
  json(name: ParamName<M>, unreadable: string): unknown {
    const value = this.args.fields.get(name);
    if (value === undefined || value === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      throw badRequest(unreadable);
    }
  }

  /** A parameter Telegram requires: absent or empty, "Parameter "<name>" is required". */
  required(name: ParamName<M>): string {
    const value = this.args.fields.get(name);
    if (value === undefined || value === '') throw badRequest(`parameter "${name}" is required`);
    return value;
  }

  /** `chat_id`: a number or an @username. Absent: Telegram's "chat_id is empty". */
  chatId(name: ParamName<M> = 'chat_id' as ParamName<M>): number | string {
    const value = (this.args.fields.get(name) ?? '').trim();
    if (value === '') throw badRequest(`${name} is empty`);
    if (value.startsWith('@')) return value;
    const match = /^[+-]?\d+/.exec(value);
    return match ? Number(match[0]) : 0;
  }

  /** A file parameter, or undefined when none was sent. */
  file(name: ParamName<M>): FileArgument | undefined {
    const value = this.args.fields.get(name);
    if (value !== undefined && value !== '') {
      if (value.startsWith('attach://')) {
        const file = this.args.files.get(value.slice('attach://'.length));
        return file ? { kind: 'upload', file } : undefined;
      }
      if (/^https?:\/\//i.test(value)) return { kind: 'url', url: value };
      return { kind: 'file_id', fileId: value };
    }
    const upload = this.args.files.get(name);
    return upload ? { kind: 'upload', file: upload } : undefined;
  }
}
