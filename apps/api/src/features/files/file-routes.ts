import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  fileBytesSchema,
  fileKeyParamsSchema,
  imageContentTypes,
  uploadedFileSchema,
} from '@refund/contracts/merchant';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { readFile, saveFile } from './file-store';
import { detectImageType } from './image-type';
import { readUpload, uploadLimits } from './read-upload';

export interface FileRoutesOptions {
  db: Db;
}

/** Keys are random and contents never change, so a copy may be kept forever. */
const servedFileHeaders = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-disposition': 'inline',
};

export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, options) => {
  // Multipart lives in its own scope so every other route keeps answering 415 to form bodies.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: uploadLimits });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/merchant/files',
      {
        config: { auth: 'merchant' },
        schema: {
          tags: ['merchant files'],
          summary: 'Upload a PNG, JPEG or WebP image (at most 2 MiB) for the claim page',
          description:
            'multipart/form-data with one field `file`. The type is read from the bytes; ' +
            'the file name and declared type are ignored.',
          consumes: ['multipart/form-data'],
          response: {
            201: uploadedFileSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { merchant } = request;
        const data = await readUpload(request);
        const contentType = detectImageType(data);
        if (!contentType) {
          throw new AppError(
            'UNSUPPORTED_FILE_TYPE',
            `This file is not an image we accept. Allowed types: ${imageContentTypes.join(', ')}.`,
          );
        }
        const stored = await saveFile(options.db, {
          merchantId: merchant.id,
          contentType,
          data,
        });
        return reply.status(201).send({
          file_key: stored.fileKey,
          content_type: stored.contentType,
          size_in_bytes: stored.sizeInBytes,
        });
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:file_key',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['files'],
        summary: 'An uploaded image, for the claim page (public)',
        params: fileKeyParamsSchema,
        produces: [...imageContentTypes],
        response: { 200: fileBytesSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await readFile(options.db, request.params.file_key);
      if (!file) throw new AppError('NOT_FOUND', 'No file with this key.');
      return reply.headers(servedFileHeaders).type(file.contentType).send(file.data);
    },
  );
};
