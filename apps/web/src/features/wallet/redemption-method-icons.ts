import type { RedemptionMode } from '@refund/contracts/wallet';
import {
  BadgePercent,
  CreditCard,
  Gift,
  Landmark,
  Trophy,
  WalletCards,
  type LucideIcon,
} from 'lucide-react';

/**
 * The icon each redemption method is listed with. Every mode has one, so a new mode cannot be
 * listed without it; each is imported by name, so only these reach the bundle.
 */
export const redemptionMethodIcon = {
  debit: CreditCard,
  bank: Landmark,
  prepaid: WalletCards,
  giftcard: Gift,
  fancash: Trophy,
  earn_rewards: BadgePercent,
} satisfies Record<RedemptionMode, LucideIcon>;
