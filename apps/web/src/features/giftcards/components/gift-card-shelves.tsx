import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GiftCardShelf } from '../api/get-gift-cards';
import { GiftCardList } from './gift-card-list';

const shelves: readonly GiftCardShelf[] = ['active', 'archived'];

/** The shelf in the address (?status=archived), so a reload or a link keeps it. */
export function shelfOf(params: URLSearchParams): GiftCardShelf {
  return params.get('status') === 'archived' ? 'archived' : 'active';
}

/**
 * Active and used (archived) cards apart, as two tabs: arrow keys, Home and End move between
 * them, as the ARIA tabs pattern has it.
 */
export function GiftCardShelves() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const shelf = shelfOf(params);
  const id = useId();
  const tabs = useRef<Partial<Record<GiftCardShelf, HTMLButtonElement | null>>>({});

  const select = (next: GiftCardShelf, focus = false) => {
    setParams(next === 'active' ? {} : { status: next }, { replace: true });
    if (focus) tabs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = shelves.indexOf(shelf);
    const last = shelves.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? shelves[index === last ? 0 : index + 1]
        : event.key === 'ArrowLeft'
          ? shelves[index === 0 ? last : index - 1]
          : event.key === 'Home'
            ? shelves[0]
            : event.key === 'End'
              ? shelves[last]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t('giftCardWallet.shelvesLabel')}
        onKeyDown={onKeyDown}
        className="inline-flex self-start rounded-xl border border-line bg-surface p-1"
      >
        {shelves.map((each) => {
          const selected = each === shelf;
          return (
            <button
              key={each}
              ref={(element) => {
                tabs.current[each] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${each}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(each)}
              className={`min-h-11 rounded-lg px-5 font-semibold transition-colors ${
                selected ? 'bg-primary text-on-primary' : 'text-ink hover:bg-surface-muted'
              }`}
            >
              {t(`giftCardWallet.shelf.${each}`)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${shelf}`}>
        <GiftCardList key={shelf} shelf={shelf} />
      </div>
    </div>
  );
}
