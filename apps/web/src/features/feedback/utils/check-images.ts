import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import { imageKindOfFile } from '../../../lib/images/image-signature.ts';

/** SPEC §8 upload errors; each is an ErrorCode, so the server's answer and ours read the same. */
export type UploadErrorCode = 'upload_type' | 'upload_too_large' | 'upload_too_many';
export type RejectedImage = { name: string; code: UploadErrorCode };

/**
 * Sorts picked files into the ones to attach and the ones refused, in the SPEC §5 order of rules: PNG or
 * JPEG by content, at most 5 MB each, at most 3 in all (counting those already attached).
 */
export async function checkImages(
  picked: readonly File[],
  alreadyAttached: number,
): Promise<{ accepted: File[]; rejected: RejectedImage[] }> {
  const accepted: File[] = [];
  const rejected: RejectedImage[] = [];
  for (const file of picked) {
    if ((await imageKindOfFile(file)) === null) rejected.push({ name: file.name, code: 'upload_type' });
    else if (file.size > UPLOAD_MAX_BYTES) rejected.push({ name: file.name, code: 'upload_too_large' });
    else if (alreadyAttached + accepted.length >= UPLOAD_MAX_FILES) {
      rejected.push({ name: file.name, code: 'upload_too_many' });
    } else accepted.push(file);
  }
  return { accepted, rejected };
}
