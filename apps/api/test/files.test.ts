import { request as httpRequest } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@refund/contracts/merchant';
import { files } from '../src/db/schema';
import { fileBelongsTo } from '../src/features/files/file-store';
import {
  createTestMerchant,
  multipartBody,
  tinyJpeg,
  tinyPng,
  tinyWebp,
  uploadFile,
  type TestMerchant,
} from './support/merchant';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const unique = () => crypto.randomUUID();

/** Rows a refused upload could have written: the merchant's, and any holding these exact bytes. */
async function storedFor(merchant: TestMerchant, data?: Buffer) {
  const db = server.database.db;
  const [mine] = await db
    .select({ n: count() })
    .from(files)
    .where(eq(files.merchantId, merchant.id));
  if (!data) return { mine: mine?.n };
  const [same] = await db.select({ n: count() }).from(files).where(eq(files.data, data));
  return { mine: mine?.n, sameBytes: same?.n };
}

function expectError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  name: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'code_description', 'message']);
  expect(body.code_description).toBe(name);
  return body.message as string;
}

describe('uploading an image', () => {
  it.each([
    ['PNG', () => tinyPng(unique()), 'image/png'],
    ['JPEG', tinyJpeg, 'image/jpeg'],
    ['WebP', tinyWebp, 'image/webp'],
  ])('stores a %s and serves it back byte for byte, publicly', async (_kind, build, type) => {
    const merchant = await createTestMerchant(server);
    const image = build();

    const uploaded = await uploadFile(
      server,
      merchant.apiKey,
      image,
      'picture.bin',
      'application/octet-stream',
    );
    expect(uploaded.statusCode).toBe(201);
    const body = uploaded.json() as {
      file_key: string;
      content_type: string;
      size_in_bytes: number;
    };
    expect(body).toEqual({
      file_key: expect.any(String),
      content_type: type,
      size_in_bytes: image.length,
    });

    // No credentials at all: the claim page shows these images to anyone holding the link.
    const served = await call(server.app, 'GET', `/v1/files/${body.file_key}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
  });

  it('decides the type from the bytes, whatever the name and declared type say', async () => {
    const merchant = await createTestMerchant(server);
    const uploaded = await uploadFile(server, merchant.apiKey, tinyWebp(), 'logo.png', 'image/png');
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().content_type).toBe('image/webp');
    const served = await call(server.app, 'GET', `/v1/files/${uploaded.json().file_key as string}`);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('accepts an image of exactly the size limit', async () => {
    const merchant = await createTestMerchant(server);
    const image = Buffer.alloc(MAX_UPLOAD_BYTES, 0);
    tinyPng().copy(image);
    const uploaded = await uploadFile(server, merchant.apiKey, image);
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().size_in_bytes).toBe(MAX_UPLOAD_BYTES);
  });

  it("lets anyone read another merchant's image, but uploading needs the merchant's own key", async () => {
    const owner = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const uploaded = await uploadFile(server, owner.apiKey, tinyPng(unique()));
    const key = uploaded.json().file_key as string;

    const readByOther = await call(server.app, 'GET', `/v1/files/${key}`, undefined, {
      token: other.apiKey,
    });
    expect(readByOther.statusCode).toBe(200);

    const image = tinyPng(unique());
    expectError(await uploadFile(server, null, image), 401, 'UNAUTHORIZED');
    expect(await storedFor(owner, image)).toEqual({ mine: 1, sameBytes: 0 });
  });

  it('fileBelongsTo answers true only for the merchant who uploaded the file', async () => {
    const owner = await createTestMerchant(server);
    const other = await createTestMerchant(server);
    const key = (await uploadFile(server, owner.apiKey, tinyPng(unique()))).json()
      .file_key as string;
    const db = server.database.db;
    expect(await fileBelongsTo(db, key, owner.id)).toBe(true);
    expect(await fileBelongsTo(db, key, other.id)).toBe(false);
    expect(await fileBelongsTo(db, crypto.randomUUID(), owner.id)).toBe(false);
    expect(await fileBelongsTo(db, 'not-a-key', owner.id)).toBe(false);
  });
});

describe('refused uploads store nothing', () => {
  let merchant: TestMerchant;
  beforeAll(async () => {
    merchant = await createTestMerchant(server);
  });

  const post = (
    payload: Buffer | string,
    contentType: string,
    apiKey: string | null = merchant.apiKey,
  ) =>
    server.app.inject({
      method: 'POST',
      url: '/v1/merchant/files',
      headers: {
        'content-type': contentType,
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      payload,
    });

  it.each([
    ['plain text', Buffer.from('hello, this is not an image at all')],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['a RIFF file that is not WebP', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ])('%s named x.png is refused with the allowed types named', async (_kind, data) => {
    const before = await storedFor(merchant, data);
    const message = expectError(
      await uploadFile(server, merchant.apiKey, data, 'x.png', 'image/png'),
      415,
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(message).toContain('image/png');
    expect(message).toContain('image/jpeg');
    expect(message).toContain('image/webp');
    expect(await storedFor(merchant, data)).toEqual(before);
  });

  it('an image over 2 MiB is a 413', async () => {
    const data = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0);
    tinyPng().copy(data);
    const before = await storedFor(merchant);
    expectError(await uploadFile(server, merchant.apiKey, data), 413, 'FILE_TOO_LARGE');
    expect(await storedFor(merchant)).toEqual(before);
  });

  it('an image over 2 MiB streamed so that a chunk ends right at the limit is a 413, and nothing is stored', async () => {
    const before = await storedFor(merchant);
    // Closed with the app after the file.
    const origin = new URL(await server.app.listen({ port: 0, host: '127.0.0.1' }));
    const data = Buffer.alloc(MAX_UPLOAD_BYTES + 4_096, 0);
    tinyPng(unique()).copy(data);
    const body = multipartBody([
      { name: 'file', filename: 'big.png', contentType: 'image/png', data },
    ]);
    // The first chunk ends exactly at the limit: the parser sees the rest, all of it too much,
    // in a chunk of its own.
    const fileStart = body.payload.indexOf('\r\n\r\n') + 4;
    const split = fileStart + MAX_UPLOAD_BYTES;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: origin.hostname,
          port: origin.port,
          method: 'POST',
          path: '/v1/merchant/files',
          headers: {
            authorization: `Bearer ${merchant.apiKey}`,
            'content-type': body.contentType,
            'content-length': body.payload.length,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.payload.subarray(0, split), () => {
        setTimeout(() => request.end(body.payload.subarray(split)), 100);
      });
    });
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code_description: 'FILE_TOO_LARGE' });
    expect(await storedFor(merchant)).toEqual(before);
  });

  it('an empty file is a 400', async () => {
    const before = await storedFor(merchant);
    expectError(await uploadFile(server, merchant.apiKey, Buffer.alloc(0)), 400, 'FILE_EMPTY');
    expect(await storedFor(merchant)).toEqual(before);
  });

  it.each([
    ['no parts at all', []],
    [
      'the image under another field name',
      [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: tinyPng() }],
    ],
    ['a plain text field named file', [{ name: 'file', data: 'iVBORw0KGgo=' }]],
  ])('a form with %s is a 400', async (_case, parts) => {
    const before = await storedFor(merchant);
    const body = multipartBody(parts);
    expectError(await post(body.payload, body.contentType), 400, 'FILE_REQUIRED');
    expect(await storedFor(merchant)).toEqual(before);
  });

  it.each([
    ['JSON', JSON.stringify({ file: tinyPng().toString('base64') }), 'application/json'],
    ['raw image bytes', tinyPng(), 'image/png'],
    ['plain text', 'file=abc', 'text/plain'],
  ])('a %s body instead of multipart is a 415', async (_kind, payload, contentType) => {
    const before = await storedFor(merchant);
    expectError(await post(payload, contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await storedFor(merchant)).toEqual(before);
  });

  it('a multipart body without a boundary is a 400, not a crash', async () => {
    const before = await storedFor(merchant);
    expectError(await post(tinyPng(), 'multipart/form-data'), 400, 'VALIDATION_FAILED');
    expect(await storedFor(merchant)).toEqual(before);
  });

  it.each([
    ['no key', null],
    ['an unknown key', 'sk_sandbox_not-a-real-key'],
  ])('%s is a 401', async (_case, apiKey) => {
    const image = tinyPng(unique());
    const before = await storedFor(merchant, image);
    expectError(await uploadFile(server, apiKey, image), 401, 'UNAUTHORIZED');
    expect(await storedFor(merchant, image)).toEqual({ ...before, sameBytes: 0 });
  });

  it('only the upload route takes multipart; the rest of the API stays JSON-only', async () => {
    const body = multipartBody([{ name: 'phone_number', data: '2025550143' }]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/users/signin',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('reading a file', () => {
  it('a key that is not a UUID is a 400', async () => {
    expectError(await call(server.app, 'GET', '/v1/files/not-a-key'), 400, 'VALIDATION_FAILED');
  });

  it('an unknown key is a 404', async () => {
    expectError(
      await call(server.app, 'GET', `/v1/files/${crypto.randomUUID()}`),
      404,
      'NOT_FOUND',
    );
  });

  it('answers HEAD with the headers and no body', async () => {
    const merchant = await createTestMerchant(server);
    const key = (await uploadFile(server, merchant.apiKey, tinyJpeg())).json().file_key as string;
    const head = await server.app.inject({ method: 'HEAD', url: `/v1/files/${key}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.rawPayload.length).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents both file routes with tags, a summary and their schemas', async () => {
    const spec = (await call(server.app, 'GET', '/v1/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses: Record<string, unknown> }>
      >;
    };
    const upload = spec.paths['/v1/merchant/files']?.post;
    const read = spec.paths['/v1/files/{file_key}']?.get;
    for (const operation of [upload, read]) {
      expect(operation?.tags?.length).toBeGreaterThan(0);
      expect(operation?.summary).toBeTruthy();
    }
    expect(Object.keys(upload?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '401', '413', '415']),
    );
    expect(Object.keys(read?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '404']),
    );
  });
});

// The refusal checks above compare these counts; this shows they do move when a file is stored.
it('counts a stored upload under its merchant and its bytes', async () => {
  const merchant = await createTestMerchant(server);
  const image = tinyPng(unique());
  expect(await storedFor(merchant, image)).toEqual({ mine: 0, sameBytes: 0 });
  expect((await uploadFile(server, merchant.apiKey, image)).statusCode).toBe(201);
  expect(await storedFor(merchant, image)).toEqual({ mine: 1, sameBytes: 1 });
});
