import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@refund/contracts/merchant';
import { DomainError } from '../../domain/domain-error';

/** Busboy limits: one file, a few small fields at most, so a request cannot make us buffer much. */
export const uploadLimits = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 50,
};

const UPLOAD_FIELD = 'file';

/** Reads the `file` field of a multipart upload into memory, refusing anything else clearly. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data in a field named "file".',
    );
  }
  try {
    const part = await request.file({ limits: uploadLimits });
    if (!part || part.fieldname !== UPLOAD_FIELD) throw new DomainError('FILE_REQUIRED');
    const data = await part.toBuffer();
    // The parser checks for truncation only as each chunk arrives: when the limit falls at the
    // end of a chunk, the rest is dropped without another chunk and toBuffer answers the first
    // MAX_UPLOAD_BYTES as if they were the whole file. The stream knows it was cut short.
    if (part.file.truncated) throw new DomainError('FILE_TOO_LARGE');
    if (data.length === 0) throw new DomainError('FILE_EMPTY');
    return data;
  } catch (error) {
    throw asUploadError(error);
  }
}

/**
 * Multipart failures come from the parser as plain errors (some with no status at all, such as
 * a missing boundary); each is the client's malformed upload, so none may surface as a 500.
 */
function asUploadError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('FILE_TOO_LARGE');
  const status = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
  if (status === 413)
    return new DomainError('PAYLOAD_TOO_LARGE', 'Send one image and nothing else.');
  return new DomainError('VALIDATION_FAILED', 'The multipart/form-data body could not be read.');
}
