import type { BotAction } from '@refund/contracts/auth';
import type { GiftCardQuote } from '@refund/contracts/brands';
import type { Transaction } from '@refund/contracts/redemptions';
import type { TFunction } from 'i18next';
import type { LucideIcon } from 'lucide-react';

/**
 * What a method's screens need to know of the flow so far. A structural part of the redemption
 * flow's state (features/redeem/redemption-flow.ts), which this layer below the features cannot
 * import.
 */
export interface MethodFlowPlace {
  mode: string | null;
  amount: number;
  selectedPaymentMethodUUID: string | null;
  selectedGiftcardBrand: string | null;
  display_name: string | null;
  image: string | null;
  gross_amount_in_cents: number;
}

/**
 * A method that buys at a locked price (a gift card, earn rewards' too): its quote stands for the
 * destination, and Confirm Details shows the quote's figures rather than the amount's fee.
 */
export interface QuoteStep {
  /** The quote the flow is confirming, if it is still kept; without it, the amount is quoted again. */
  readonly held: (flow: MethodFlowPlace) => GiftCardQuote | null;
  /**
   * Makes sure the quote still holds before the passcode is sent: one about to expire is renewed,
   * and when the renewed offer differs `onChanged` hears its total. Answers whether to go on.
   */
  readonly renew: (
    flow: MethodFlowPlace,
    onChanged: (totalValueCents: number) => void,
  ) => Promise<boolean>;
}

/**
 * Everything the shared screens (home's list, Confirm Details, the passcode, the outcome, the
 * transaction history) need from one redemption method. The shared screens ask the method and
 * never compare modes, so a method is added by writing one of these, not by finding branches.
 * Texts are translation keys: every text comes from the locales, as the SPEC words it.
 */
export interface MethodUI {
  /** The icon the method is listed with on home. */
  readonly icon: LucideIcon;
  /** Its name (home's list, Confirm Details' Method line) and the line under it on home. */
  readonly labelKey: string;
  readonly descriptionKey: string;
  /** The title of the screen it starts on. */
  readonly titleKey: string;
  /**
   * The screen the method starts on, to choose or change the amount and the destination: home
   * links to it, Confirm Details goes back to it, a failed redemption starts again from it. A
   * brand's page once the flow chose a brand.
   */
  readonly startHref: (place: Pick<MethodFlowPlace, 'selectedGiftcardBrand'>) => string;
  readonly confirm: {
    /** Confirm Details' link back to the start. */
    readonly editKey: string;
    /** When the money arrives. */
    readonly arrivalKey: string;
    /** What the summary's last line calls what arrives, where 'You receive' says too little. */
    readonly netLabelKey?: string;
  };
  /** The slot of a method that confirms a locked price rather than an amount and a fee. */
  readonly quote?: QuoteStep;
  /** The bot check the passcode step passes before redeeming (SPEC §7), where the method has one. */
  readonly botAction?: BotAction;
  readonly outcome: {
    /** What the outcome says of an accepted redemption, paid or still on its way. */
    readonly message: (t: TFunction, transaction: Transaction, destination: string) => string;
    readonly netLabelKey?: string;
    /** Where what was bought is kept (the gift card wallet, the prepaid cards). */
    readonly keptAt?: { readonly href: string; readonly labelKey: string };
  };
  /** Where a transaction of this method paid to: "Visa •••• 5556", "FanCash · Alex M.". */
  readonly destinationText: (t: TFunction, transaction: Transaction) => string;
  readonly details: {
    /** What Transaction Details calls the destination's field. */
    readonly destinationLabelKey: string;
    /** The title of a payout the destination sent back. */
    readonly returnedTitleKey: string;
  };
}
