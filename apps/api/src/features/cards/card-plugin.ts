import type { FastifyPluginAsync } from 'fastify';
import { cardRoutes } from './card-routes';
import type { Cards } from './cards';

export interface CardContext {
  /** Shared with the data export, which lists the same cards. */
  cards: Cards;
}

/** The customer's debit cards, the destinations of card payouts. */
export const cardPlugin: FastifyPluginAsync<CardContext> = async (v1, context) => {
  await v1.register(cardRoutes, { cards: context.cards });
};
