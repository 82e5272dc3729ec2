import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { OtpChallenge } from '@refund/contracts/auth';
import { BRAND_IMAGE_DIMENSIONS } from '@refund/contracts/brands';
import type {
  GiftCard,
  GiftCardCredentials,
  GiftCardDetails,
  GiftCardList,
} from '@refund/contracts/giftcards';
import type { Db } from '../../db/database';
import {
  giftcardBrands,
  giftcardCredentialOpenings,
  giftcardOrders,
  redemptions,
} from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { JobQueue } from '../../jobs/job-queue';
import { createSealedBox } from '../../jobs/sealed-box';
import type { GiftCardCredentials as IssuedCredentials } from '../../providers/ports';
import type { OtpService } from '../auth/otp-service';
import { phoneOf } from '../auth/users';
import { brandImagePath, expiryOf } from './brands';
import { keysetPage, olderThan, pageLimit } from '../../db/keyset';

/**
 * The customer's gift cards (the `giftcard` redemptions' orders): listed newest first with
 * keyset pages, active and archived apart; one by its reference; marked used or not. Only ever
 * the customer's own: someone else's reference is not found.
 */
export interface GiftCardWalletDeps {
  db: Db;
  otp: Pick<OtpService, 'beginForCustomer' | 'useOwnCode'>;
  /** Unseals the credentials (giftcard-purchases.ts seals them). */
  vaultKey: string;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  /** The web app's address, for the link texted by "view later". */
  publicUrl: string;
}

/** How soon the "view later" link can be texted again for the same card. */
const VIEW_LATER_EVERY_MS = 60_000;

const GIFT_CARD_VIEW = ['GIFT_CARD_VIEW'] as const;

export function createGiftCardWallet(deps: GiftCardWalletDeps) {
  const { db } = deps;
  const credentialsBox = createSealedBox(`giftcard-credentials:${deps.vaultKey}`);
  /** A card on a device, as the openings table keeps it: never the device id itself. */
  const deviceHash = (redemptionId: string, deviceId: string) =>
    createHash('sha256').update(`giftcard-device:${redemptionId}:${deviceId}`).digest('hex');
  const columns = {
    order: giftcardOrders,
    brand: giftcardBrands,
    amountCents: redemptions.amountCents,
    createdAt: redemptions.createdAt,
    userId: redemptions.userId,
  };
  type Row = {
    order: typeof giftcardOrders.$inferSelect;
    brand: typeof giftcardBrands.$inferSelect;
    amountCents: number;
    createdAt: Date;
  };

  const select = () =>
    db
      .select(columns)
      .from(giftcardOrders)
      .innerJoin(redemptions, eq(redemptions.id, giftcardOrders.redemptionId))
      .innerJoin(giftcardBrands, eq(giftcardBrands.id, giftcardOrders.brandId));

  function view(row: Row): GiftCard {
    return {
      reward_reference_id: row.order.rewardReferenceId,
      transaction_id: row.order.redemptionId,
      brand: {
        id: row.brand.id,
        name: row.brand.name,
        display_name: row.brand.displayName,
        image_url: brandImagePath(row.brand.id, BRAND_IMAGE_DIMENSIONS),
      },
      amount_in_cents: row.amountCents,
      cashback_in_cents: row.order.cashbackCents,
      reward_in_cents: row.order.rewardCents,
      total_value_in_cents: row.amountCents + row.order.cashbackCents + row.order.rewardCents,
      status: row.order.status,
      archived: row.order.archivedAt !== null,
      created_at: row.createdAt.toISOString(),
      issued_at: row.order.issuedAt?.toISOString() ?? null,
    };
  }

  function detailsView(row: Row): GiftCardDetails {
    return {
      ...view(row),
      description: row.brand.description,
      terms: row.brand.terms,
      expiry_policy: row.brand.expiryPolicy,
      expiry: expiryOf(row.brand),
      balance_check_url: row.brand.balanceCheckUrl,
      redeemable_online: row.brand.redeemableOnline,
      redeemable_in_store: row.brand.redeemableInStore,
      credentials_available: row.order.status === 'issued' && row.order.sealedCredentials !== null,
    };
  }

  async function own(userId: string, reference: string): Promise<Row> {
    const [row] = await select().where(
      and(eq(giftcardOrders.rewardReferenceId, reference), eq(redemptions.userId, userId)),
    );
    if (!row) throw new DomainError('NOT_FOUND', 'No gift card with this reference.');
    return row;
  }

  return {
    async list(
      userId: string,
      query: { status: 'active' | 'archived'; limit: number; cursor?: string | undefined },
    ): Promise<GiftCardList> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await select()
        .where(
          and(
            eq(redemptions.userId, userId),
            // Spelled as redemptions_user_gift_cards_idx's predicate, so that index serves it:
            // gift cards bought outright and those of earn-rewards brands.
            inArray(redemptions.mode, ['giftcard', 'earn_rewards']),
            query.status === 'archived'
              ? isNotNull(giftcardOrders.archivedAt)
              : isNull(giftcardOrders.archivedAt),
            olderThan(redemptions.createdAt, redemptions.id, after),
          ),
        )
        .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
        .limit(pageLimit(query.limit));
      const { page, next_cursor } = keysetPage(rows, query.limit, (last) =>
        encodeCursor(last.createdAt, last.order.redemptionId),
      );
      return { data: page.map(view), next_cursor };
    },

    async details(userId: string, reference: string): Promise<GiftCardDetails> {
      return detailsView(await own(userId, reference));
    },

    /** Texts the customer the passcode that opens an issued card's credentials on a device. */
    async startOpening(userId: string, reference: string, ip: string): Promise<OtpChallenge> {
      const row = await own(userId, reference);
      if (row.order.status !== 'issued') throw new DomainError('GIFT_CARD_NOT_ISSUED');
      return deps.otp.beginForCustomer(userId, 'GIFT_CARD_VIEW', ip);
    },

    /**
     * The card's credentials, to its owner: on a device that opened it before, at once; on
     * another, only with a passcode of the owner's for it (a wrong one counts as a try).
     */
    async open(
      userId: string,
      reference: string,
      deviceId: string,
      passcode: { attempt_id?: string | undefined; code?: string | undefined },
    ): Promise<GiftCardCredentials> {
      const row = await own(userId, reference);
      if (row.order.status !== 'issued' || !row.order.sealedCredentials) {
        throw new DomainError('GIFT_CARD_NOT_ISSUED');
      }
      const { redemptionId } = row.order;
      const hash = deviceHash(redemptionId, deviceId);
      const [opened] = await db
        .select({ at: giftcardCredentialOpenings.createdAt })
        .from(giftcardCredentialOpenings)
        .where(
          and(
            eq(giftcardCredentialOpenings.redemptionId, redemptionId),
            eq(giftcardCredentialOpenings.deviceHash, hash),
          ),
        );
      if (!opened) {
        const { attempt_id: attemptId, code } = passcode;
        if (!attemptId || !code) throw new DomainError('PASSCODE_REQUIRED');
        await deps.otp.useOwnCode(userId, { attemptId, code }, GIFT_CARD_VIEW, async (tx) => {
          await tx
            .insert(giftcardCredentialOpenings)
            .values({ redemptionId, deviceHash: hash })
            .onConflictDoNothing();
        });
      }
      // Cards sealed before the barcode's format was kept have none: their barcode is not drawn.
      const credentials = credentialsBox.open<
        Omit<IssuedCredentials, 'barcodeFormat'> & Partial<Pick<IssuedCredentials, 'barcodeFormat'>>
      >(row.order.sealedCredentials);
      return {
        code: credentials.code,
        pin: credentials.pin,
        url: credentials.url,
        barcode: credentials.barcode,
        barcode_format: credentials.barcodeFormat ?? null,
        expires_at: credentials.expiresAt,
      };
    },

    /**
     * "View later": texts the customer a link to the card, which opens it after they sign in.
     * At most once a minute per card, so the button cannot be turned into a flood of texts.
     */
    async viewLater(userId: string, reference: string): Promise<void> {
      const row = await own(userId, reference);
      if (row.order.status === 'failed') throw new DomainError('GIFT_CARD_NOT_ISSUED');
      const phone = await phoneOf(db, userId);
      if (!phone) throw new DomainError('UNAUTHORIZED');
      const link = new URL(
        `/profile/giftcards-history/${encodeURIComponent(reference)}`,
        deps.publicUrl,
      ).toString();
      const brand = row.brand.displayName ?? row.brand.name;
      const now = new Date();
      const sent = await db.transaction(async (tx) => {
        const [due] = await tx
          .update(giftcardOrders)
          .set({ viewLaterSentAt: now })
          .where(
            and(
              eq(giftcardOrders.redemptionId, row.order.redemptionId),
              or(
                isNull(giftcardOrders.viewLaterSentAt),
                lt(giftcardOrders.viewLaterSentAt, new Date(now.getTime() - VIEW_LATER_EVERY_MS)),
              ),
            ),
          )
          .returning({ id: giftcardOrders.redemptionId });
        if (!due) return false;
        // In the same transaction: the text exists exactly when the send was recorded.
        await deps.jobs.sendMessageIn(tx, {
          channel: 'sms',
          to: phone,
          body: `Your ${brand} gift card: ${link} Sign in with this phone number to open it.`,
        });
        return true;
      });
      if (!sent) {
        throw new DomainError(
          'RATE_LIMITED',
          'We just texted you this link. Please wait a minute before asking again.',
        );
      }
    },

    /** Marks the card used (archived) or not; doing it again changes nothing. */
    async archive(userId: string, reference: string, archived: boolean): Promise<GiftCardDetails> {
      const row = await own(userId, reference);
      if ((row.order.archivedAt !== null) !== archived) {
        await db
          .update(giftcardOrders)
          .set({ archivedAt: archived ? new Date() : null })
          .where(eq(giftcardOrders.redemptionId, row.order.redemptionId));
      }
      return detailsView(await own(userId, reference));
    },
  };
}

export type GiftCardWallet = ReturnType<typeof createGiftCardWallet>;
