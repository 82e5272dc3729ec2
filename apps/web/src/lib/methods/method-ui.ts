import type { BotAction } from '@refund/contracts/auth';
import type { Transaction } from '@refund/contracts/redemptions';
import type { TFunction } from 'i18next';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';

/** A screen of the method's own, at its address (a route of the signed-in app). */
export interface MethodScreen {
  readonly path: string;
  readonly Screen: ComponentType;
}

export interface OutcomeMessage {
  key: string;
  name?: string;
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
  /** The title of the screen it starts on, and the line under it. */
  readonly titleKey: string;
  readonly introKey: string;
  /**
   * The screen the method starts on, to choose or change the amount and the destination: home
   * links to it, Confirm Details goes back to it, a failed redemption starts again from it. A
   * brand's page once the flow chose a brand.
   */
  readonly startHref: (place: { selectedGiftcardBrand: string | null }) => string;
  /**
   * The method's own screens (its start screen, a brand's page, a form to add a destination):
   * the app adds a route for each, signed in and in the app's shell, so a method brings its
   * screens with it and the app's routes are not edited for it.
   */
  readonly screens: readonly MethodScreen[];
  readonly confirm: {
    /** Confirm Details' link back to the start. */
    readonly editKey: string;
    /** When the money arrives. */
    readonly arrivalKey: string;
    /** What the summary's last line calls what arrives, where 'You receive' says too little. */
    readonly netLabelKey?: string;
  };
  /**
   * A method that buys at a locked price (a gift card, earn rewards' too): its quote stands for
   * the destination, is renewed before the passcode if about to expire, and Confirm Details shows
   * its figures rather than the amount's fee. The quote's code is the redeem feature's
   * (features/redeem/giftcard), loaded with the screens that confirm, not with this entry.
   */
  readonly quoted?: boolean;
  /** The bot check the passcode step passes before redeeming (SPEC §7), where the method has one. */
  readonly botAction?: BotAction;
  readonly outcome: {
    /**
     * What the outcome says of an accepted redemption, paid or still on its way: the text's key
     * and, where the text names one, the account the money went to. The outcome fills in the
     * amount, the destination and the brand, the same for every method.
     */
    readonly message: (transaction: Transaction) => OutcomeMessage;
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
