import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createMerchant, generateApiKey } from '../../src/features/merchants/merchant-keys';
import type { TestServer } from './test-server';

export interface TestMerchant {
  id: string;
  name: string;
  apiKey: string;
}

/** A merchant of its own for each test, so tests never see each other's files or deliveries. */
export async function createTestMerchant(server: TestServer): Promise<TestMerchant> {
  const apiKey = generateApiKey('sandbox');
  const name = `Test merchant ${crypto.randomUUID().slice(0, 8)}`;
  const merchant = await createMerchant(server.database.db, name, apiKey);
  return { ...merchant, apiKey };
}

export interface FormPart {
  name: string;
  /** A part with a file name is a file; without one it is a plain field. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so a test controls every byte and header. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${crypto.randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads one file in the `file` field, the way a merchant's integration would. */
export function uploadFile(
  server: TestServer,
  apiKey: string | null,
  data: Buffer | string,
  filename = 'image.png',
  contentType = 'image/png',
): Promise<LightMyRequestResponse> {
  const body = multipartBody([{ name: 'file', filename, contentType, data }]);
  return server.app.inject({
    method: 'POST',
    url: '/v1/merchant/files',
    headers: {
      'content-type': body.contentType,
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
    payload: body.payload,
  });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid 1×1 red PNG; a note (kept in a tEXt chunk) makes its bytes unique to one test. */
export function tinyPng(note = ''): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(note ? [pngChunk('tEXt', Buffer.from(`Comment\0${note}`, 'latin1'))] : []),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid 1×1 greyscale (progressive) JPEG. */
export const tinyJpeg = (): Buffer =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP////////////////////////////////////////////////' +
      '//////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgB' +
      'AQABPxA=',
    'base64',
  );

/** A valid 1×1 lossless WebP. */
export const tinyWebp = (): Buffer =>
  Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
