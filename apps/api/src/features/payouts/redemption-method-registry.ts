import { z } from 'zod';
import {
  redemptionModes,
  type RedemptionMethod as RedemptionMethodView,
  type RedemptionMode,
} from '@refund/contracts/wallet';
import type { RedemptionMethod } from './redemption-method';

/**
 * The redemption methods this server carries out: the ones registered (built and wired to a
 * provider), less those switched off in configuration. A mode that is not registered is reported
 * unavailable and refused, so no screen offers what cannot be paid.
 */
export function createMethodRegistry(
  methods: readonly RedemptionMethod[],
  disabled: ReadonlySet<RedemptionMode> = new Set(),
) {
  const byMode = new Map<RedemptionMode, RedemptionMethod>();
  for (const method of methods) {
    if (byMode.has(method.mode)) throw new Error(`two redemption methods for ${method.mode}`);
    byMode.set(method.mode, method);
  }
  // The contracts' modes, in their order, then any registered beyond them (a method a test or an
  // embedding server brings): what requests may name and answers may carry here.
  const modes = [...new Set([...redemptionModes, ...byMode.keys()])];
  const modeSchema = z.enum(modes);
  return {
    /**
     * The modes a request may name and an answer carry: the contracts' list (a mode not
     * registered is answered METHOD_UNAVAILABLE), and the registered ones beyond it.
     */
    modeSchema,
    /** The method to redeem with now, or null when it is not offered. */
    get(mode: RedemptionMode): RedemptionMethod | null {
      const method = byMode.get(mode);
      if (!method || disabled.has(mode) || method.isAvailable?.() === false) return null;
      return method;
    },
    /** The registered method of a redemption already made, offered now or not. */
    of(mode: RedemptionMode): RedemptionMethod | null {
      return byMode.get(mode) ?? null;
    },
    registered(): RedemptionMethod[] {
      return [...byMode.values()];
    },
    /** How the statements name a mode's method (switched off or not): "a debit card". */
    inWords(mode: RedemptionMode): string {
      return byMode.get(mode)?.inWords ?? 'a payout method';
    },
    /**
     * Every mode, in the contracts' order (then those registered beyond it): available when
     * registered, not switched off and its provider answers; with its limits, its kind of
     * destination and whether it spends the bonus.
     */
    views(): RedemptionMethodView[] {
      return modes.map((mode) => {
        const method = byMode.get(mode);
        const limits = method && !method.limitsPerDestination ? method.limits : null;
        return {
          mode,
          destination_kind: method?.destinationKind ?? null,
          spends_bonus: method?.spendsBonus === true,
          is_available:
            method !== undefined && !disabled.has(mode) && method.isAvailable?.() !== false,
          min_amount: limits?.minCents ?? null,
          max_amount: limits?.maxCents ?? null,
          fee_rate: limits?.feeRateBps ?? null,
          is_whole_amount_value_required: limits?.wholeDollarsOnly ?? false,
        };
      });
    },
  };
}

export type MethodRegistry = ReturnType<typeof createMethodRegistry>;
