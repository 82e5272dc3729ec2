import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { otpChallengeSchema } from '@refund/contracts/auth';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  addAddressRequestSchema,
  addressParamsSchema,
  changeEmailRequestSchema,
  changePhoneRequestSchema,
  editAddressRequestSchema,
  profileSchema,
  resendPhoneCodeRequestSchema,
  updateProfileRequestSchema,
  verifyPhoneChangeRequestSchema,
  type Profile,
} from '@refund/contracts/profile';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { addAddress, editAddress, makePrimaryAddress, removeAddress } from '../auth/addresses';
import { auditContextOf, type AuditContext } from '../auth/audit';
import type { ContactStepUp, ProveStepUp } from './contact-step-up';
import { updatePersonalDetails } from './personal-details';
import type { PhoneChange } from './phone-change';

export interface ProfileRoutesOptions {
  db: Db;
  profiles: {
    get(userId: string): Promise<Profile | null>;
    invalidate(userId: string): void;
  };
  /** Sends the magic link that changes the e-mail once opened. */
  emailChange: {
    requestChange(
      userId: string,
      email: string,
      proveStepUp: ProveStepUp,
      context: AuditContext,
    ): Promise<void>;
  };
  phoneChange: PhoneChange;
  stepUp: ContactStepUp;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** The signed-in customer edits their own profile; every change is audited. */
export const profileRoutes: FastifyPluginAsync<ProfileRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, profiles, stepUp } = options;
  const customer = { auth: 'customer' } as const;

  async function freshProfile(userId: string): Promise<Profile> {
    profiles.invalidate(userId);
    const profile = await profiles.get(userId);
    if (!profile) throw new AppError('UNAUTHORIZED');
    return profile;
  }

  r.put(
    '/users/profile',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary: 'Change first name, last name or date of birth; answers the updated profile',
        body: updateProfileRequestSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      await updatePersonalDetails(db, userId, request.body, auditContextOf(request));
      return freshProfile(userId);
    },
  );

  r.post(
    '/users/profile/addresses',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary: 'Add an address (up to 10); the first one, or one marked is_primary, is primary',
        body: addAddressRequestSchema,
        response: { 201: profileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      await addAddress(db, userId, request.body, auditContextOf(request));
      return reply.status(201).send(await freshProfile(userId));
    },
  );

  r.put(
    '/users/profile/addresses/:id',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary: 'Edit one of your addresses; is_primary true also makes it the primary one',
        params: addressParamsSchema,
        body: editAddressRequestSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      await editAddress(db, userId, request.params.id, request.body, auditContextOf(request));
      return freshProfile(userId);
    },
  );

  r.put(
    '/users/profile/addresses/:id/primary',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary: 'Make one of your addresses the primary one',
        params: addressParamsSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      await makePrimaryAddress(db, userId, request.params.id, auditContextOf(request));
      return freshProfile(userId);
    },
  );

  r.delete(
    '/users/profile/addresses/:id',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary: 'Remove an address; the oldest remaining one becomes primary if it was primary',
        params: addressParamsSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      await removeAddress(db, userId, request.params.id, auditContextOf(request));
      return freshProfile(userId);
    },
  );

  r.post(
    '/users/profile/contact-change/otp',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary:
          'Text a one-time code to your current phone: a change of e-mail or phone number sends it as its passcode',
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) => stepUp.begin(request.customer.userId, request.ip),
  );

  r.post(
    '/users/profile/email',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary:
          'Change your e-mail, with the code texted to your current phone: a link goes to the new address, which becomes yours once it is opened (pending_email until then). The current address answers 400 EMAIL_UNCHANGED.',
        body: changeEmailRequestSchema,
        response: { 202: profileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      const { email, passcode } = request.body;
      await options.emailChange.requestChange(
        userId,
        email,
        (tx) => stepUp.prove(tx, userId, passcode),
        auditContextOf(request),
      );
      return reply.status(202).send(await freshProfile(userId));
    },
  );

  r.post(
    '/users/profile/phone',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary:
          'Change your phone number, with the code texted to your current phone: texts a one-time code to the new number',
        body: changePhoneRequestSchema,
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      const { phone_number: phone, passcode } = request.body;
      return options.phoneChange.start(
        userId,
        phone,
        (tx) => stepUp.prove(tx, userId, passcode),
        request.ip,
      );
    },
  );

  r.post(
    '/users/profile/phone/resend',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary: 'Send a new code for a phone change, after the resend countdown',
        body: resendPhoneCodeRequestSchema,
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) =>
      options.phoneChange.resend(request.customer.userId, request.body.attempt_id, request.ip),
  );

  r.post(
    '/users/profile/phone/verify',
    {
      config: customer,
      schema: {
        tags: ['profile'],
        summary: "Verify the new number's code: changes the phone number and tells the old one",
        body: verifyPhoneChangeRequestSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      const { attempt_id, code } = request.body;
      await options.phoneChange.verify(userId, attempt_id, code, auditContextOf(request));
      return freshProfile(userId);
    },
  );
};
