import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  contactChangeNoticeSchema,
  contactChangeParamsSchema,
  contactChangeReportSchema,
} from '@refund/contracts/profile';
import { auditContextOf } from '../auth/audit';
import type { ContactChangeReports } from './contact-change-reports';

export interface ContactChangeRoutesOptions {
  reports: Pick<ContactChangeReports, 'inspect' | 'report'>;
}

const errors = { 400: errorBodySchema, 429: errorBodySchema };

/**
 * The link in the notice a replaced phone number or e-mail receives (ADR 0026). It needs no
 * session: whoever it reached held the old contact, and may say the change was not theirs.
 */
export const contactChangeRoutes: FastifyPluginAsync<ContactChangeRoutesOptions> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/contact-changes/:id',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['profile'],
        summary: "What the notice's link is about: the new contact (masked) and when it changed",
        params: contactChangeParamsSchema,
        response: { 200: contactChangeNoticeSchema, ...errors },
      },
    },
    async (request) => options.reports.inspect(request.params.id),
  );

  r.post(
    '/users/contact-changes/:id/report',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['profile'],
        summary:
          '"This wasn\'t me": puts the old contact back, signs every device out and pauses withdrawals until the owner signs in again',
        params: contactChangeParamsSchema,
        response: { 200: contactChangeReportSchema, ...errors },
      },
    },
    async (request) => options.reports.report(request.params.id, auditContextOf(request)),
  );
};
