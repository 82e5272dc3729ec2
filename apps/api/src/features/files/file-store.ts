import { and, eq } from 'drizzle-orm';
import type { ImageContentType } from '@refund/contracts/merchant';
import type { Queryable } from '../../db/database';
import { files } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoredFile {
  fileKey: string;
  contentType: ImageContentType;
  sizeInBytes: number;
}

export interface FileContent {
  contentType: string;
  data: Buffer;
}

export async function saveFile(
  db: Queryable,
  input: { merchantId: string; contentType: ImageContentType; data: Buffer },
): Promise<StoredFile> {
  const [row] = await db
    .insert(files)
    .values({
      merchantId: input.merchantId,
      contentType: input.contentType,
      byteSize: input.data.length,
      data: input.data,
    })
    .returning({ key: files.key, byteSize: files.byteSize });
  if (!row) throw new Error('file not stored');
  return { fileKey: row.key, contentType: input.contentType, sizeInBytes: row.byteSize };
}

export async function readFile(db: Queryable, fileKey: string): Promise<FileContent | null> {
  const [row] = await db
    .select({ contentType: files.contentType, data: files.data })
    .from(files)
    .where(eq(files.key, fileKey));
  return row ?? null;
}

/** Whether a file key names one of this merchant's own uploads (and not someone else's). */
export async function fileBelongsTo(
  db: Queryable,
  fileKey: string,
  merchantId: string,
): Promise<boolean> {
  // A key that is not a UUID names no file; asking the database would only raise a type error.
  if (!UUID.test(fileKey)) return false;
  const [row] = await db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.key, fileKey), eq(files.merchantId, merchantId)));
  return row !== undefined;
}
