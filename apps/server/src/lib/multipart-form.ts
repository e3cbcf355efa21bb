import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from './app-error.ts';
import { findControlCharacters, invalidCharacters } from './control-characters.ts';

/**
 * The multipart forms of the API (feedback, deposit proof, withdrawal receipt) read the same way: small text
 * fields kept as strings for the service to validate, files of one named field buffered in memory (the
 * parser stops a file above its limit), and the parser's limit errors turned into the API's error codes.
 * A file's type is never taken from the form: the service judges it from its bytes (`sniffImageType`).
 */

export interface MultipartFormLimits {
  /** Longest text field in bytes; a longer one is cut by the parser and reported as `valueTruncated`. */
  fieldSize: number;
  /** Most text fields. */
  fields: number;
  /** Most files. */
  files: number;
  /** Largest file in bytes. */
  fileSize: number;
}

/**
 * Registers multipart parsing in the caller's plugin scope only, so no other route accepts multipart bodies.
 * `throwFileSizeLimit` makes an oversized file an error instead of a silently cut buffer.
 */
export async function registerMultipartForm(
  app: FastifyInstance,
  limits: MultipartFormLimits,
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fieldNameSize: 100,
      fieldSize: limits.fieldSize,
      fields: limits.fields,
      files: limits.files,
      fileSize: limits.fileSize,
      parts: limits.fields + limits.files,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
}

/** The parser's limit errors, in the API's error codes. */
const LIMIT_CODES = {
  FST_FILES_LIMIT: 'upload_too_many',
  FST_REQ_FILE_TOO_LARGE: 'upload_too_large',
  FST_PARTS_LIMIT: 'invalid_request',
  FST_FIELDS_LIMIT: 'invalid_request',
  FST_PROTO_VIOLATION: 'invalid_request',
  FST_INVALID_JSON_FIELD_ERROR: 'invalid_request',
  FST_MP_PREMATURE_CLOSE: 'invalid_request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
} as const;

function isLimitError(error: unknown): error is { code: keyof typeof LIMIT_CODES } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && Object.hasOwn(LIMIT_CODES, code);
}

/** `invalid_request` naming one form field, in the shape the zod validation errors use. */
export function invalidFormField(fieldname: string, code: string): AppError {
  return new AppError('invalid_request', { details: { issues: [{ path: `body.${fieldname}`, code }] } });
}

export interface MultipartFormOptions {
  /** The one field that may carry files; a file in any other field is `unrecognized_keys`. */
  fileField: string;
  /** Names the form in log messages. */
  label: string;
  /** The error for a text field the parser cut at `fieldSize`; `too_big` on that field by default. */
  onTruncated?: (fieldname: string) => AppError;
}

/** Reads a multipart body: its text fields (each at most once) and the buffered files of `fileField`. */
export async function readMultipartForm(
  request: FastifyRequest,
  options: MultipartFormOptions,
): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Drained before judging the field name, so the parser's size limit still applies to a stray file.
        const bytes = await part.toBuffer();
        if (part.fieldname !== options.fileField) throw invalidFormField(part.fieldname, 'unrecognized_keys');
        files.push(bytes);
        continue;
      }
      if (part.valueTruncated) {
        throw options.onTruncated?.(part.fieldname) ?? invalidFormField(part.fieldname, 'too_big');
      }
      if (Object.hasOwn(fields, part.fieldname) || typeof part.value !== 'string') {
        throw invalidFormField(part.fieldname, 'invalid_type');
      }
      // The app's input hook (plugins/input-text.ts) runs before the handler reads the parts: the same
      // rule is applied here, to the name and the value of each text field.
      const bad = findControlCharacters({ [part.fieldname]: part.value }, 'body');
      if (bad !== null) throw invalidCharacters(bad);
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (isLimitError(error)) {
      throw new AppError(LIMIT_CODES[error.code], { message: `${options.label} upload: ${error.code}` });
    }
    if (isAppError(error)) throw error;
    // Anything else the parser throws (busboy's "Unexpected end of multipart data", a missing boundary, a
    // malformed part header) is a broken body from the client, not a server fault.
    throw new AppError('invalid_request', {
      message: `${options.label} upload: malformed multipart body`,
      cause: error,
    });
  }
  return { fields, files };
}

/**
 * The single optional file of a one-file form. A browser sends an empty part for a file input left empty:
 * that is no file.
 */
export function optionalFile(files: readonly Buffer[]): Buffer | null {
  const [file] = files;
  return file !== undefined && file.length > 0 ? file : null;
}

/** Sends a stored upload. Private: a proof shows a member's bank details; never cached by a shared cache. */
export function sendPrivateImage(reply: FastifyReply, image: { bytes: Uint8Array; type: string }) {
  return reply
    .header('content-type', image.type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(Buffer.isBuffer(image.bytes) ? image.bytes : Buffer.from(image.bytes));
}
