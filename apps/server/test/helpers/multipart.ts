import { randomBytes } from 'node:crypto';

export type MultipartFile = { field: string; filename: string; contentType: string; bytes: Buffer };

/**
 * A multipart/form-data body built by hand, so tests control every byte: field order, declared file names
 * and declared types (which the server must not trust).
 */
export function multipartBody(
  fields: Record<string, string> | readonly (readonly [string, string])[],
  files: readonly MultipartFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lotus-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
        'utf8',
      ),
      file.bytes,
      Buffer.from('\r\n', 'utf8'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}
