import type { Product } from '@pricehub/shared/schemas/product';
import { catalogueGeneration, PRODUCT_TTL_MS } from '../../cache/catalogue-cache';
import type { Db } from '../../db/client';
import { perHandle } from '../../db/per-handle';
import type { CatalogueChanges } from './change-feed';
import type { Card } from './repository';

/**
 * Cards kept per process at most, the least recently served dropped first: some 130 MB of heap (a card of the bench
 * catalogue holds about 1.3 KB), and up to 60 MB more for the JSON text of those a search has sent (about 600 bytes
 * each), against 2 ms of PostgreSQL for each 24 cards read again. At 100,000 catalogue products nearly every card is
 * kept: the bench's long tail, 2,000 searches never asked before, then reads hardly any card again (with 50,000
 * kept, 1 search in 8 did, and it served a fifth fewer requests/s).
 */
const MAX_CARDS = 100_000;

/** Where the change feed and this process's writes stood when some cards started being read. */
export interface CardReading {
  stamp: number;
  generation: number;
  readAt: number;
}

/**
 * The moments (epoch ms, `from` included, `until` not) between which the card's running sales are what they were
 * when it was read (sales/pricing saleWindowSql): its price and sale hold for any `now` in between, and only then.
 * The feed's sale timer follows the wall clock and fires a moment late; requests bring their own `now`.
 */
export interface SaleWindow {
  from: number;
  until: number;
}

interface Kept extends CardReading, SaleWindow {
  card: Card;
  /** JSON.stringify(card.product), made the first time an answer sends it (json()). */
  json: string | undefined;
}

export interface KeptCardsOptions {
  maxCards?: number;
  /** How long a card is kept at most: bounds what the feed does not tell (views). */
  ttlMs?: number;
}

/**
 * The default cards of one database handle (catalog/repository loadCards), by product id. A card is served again
 * while the change feed is hearing and has heard no change of its product since before it was read, this process
 * wrote nothing to the catalogue since (the catalogue cache's generation), it is younger than PRODUCT_TTL_MS, and
 * the request's `now` lies in its sale window. So it is as fresh as a kept product answer, and right whatever clock
 * the request brings (tests move theirs). A served card is shared by every caller: none may change it.
 */
export class KeptCards {
  private readonly cards = new Map<number, Kept>();
  /** Settles once the cards read ahead at start (app.ts, repository readCardsAhead) have been read, or could not be. */
  readAhead: Promise<unknown> = Promise.resolve();
  private generation = catalogueGeneration();
  readonly maxCards: number;
  private readonly ttlMs: number;

  constructor(
    private readonly changes: CatalogueChanges,
    options: KeptCardsOptions = {},
  ) {
    this.maxCards = options.maxCards ?? MAX_CARDS;
    this.ttlMs = options.ttlMs ?? PRODUCT_TTL_MS;
  }

  /** The kept card of product `id` for a request at `now` (epoch ms), when it is still what the database says. */
  get(id: number, now: number): Card | undefined {
    this.dropIfWritten();
    const kept = this.cards.get(id);
    if (!kept) return undefined;
    this.cards.delete(id);
    if (
      !this.changes.hearing ||
      Date.now() - kept.readAt >= this.ttlMs ||
      now < kept.from ||
      now >= kept.until ||
      !this.changes.unchangedSince(kept.stamp, [id])
    ) {
      return undefined;
    }
    // The most recently served last: the least recently served goes first when room is needed.
    this.cards.set(id, kept);
    return kept.card;
  }

  /** Taken before cards are read from the database; undefined while the feed is not hearing (nothing is kept). */
  reading(): CardReading | undefined {
    if (!this.changes.hearing) return undefined;
    return { stamp: this.changes.stamp(), generation: catalogueGeneration(), readAt: Date.now() };
  }

  /** Keeps a card read after `reading`, unless something it shows changed since (it is stale already). */
  keep(reading: CardReading, id: number, card: Card, window: SaleWindow): void {
    this.dropIfWritten();
    if (reading.generation !== this.generation || !this.changes.hearing) return;
    if (!this.changes.unchangedSince(reading.stamp, [id])) return;
    this.cards.delete(id);
    // Spelt out, not spread from `reading` and `window`: an object made by spreading two others was read about three
    // times slower by get() (3 µs against 0.85 µs a card served, measured in isolation).
    const { stamp, generation, readAt } = reading;
    this.cards.set(id, { stamp, generation, readAt, from: window.from, until: window.until, card, json: undefined });
    if (this.cards.size > this.maxCards) this.cards.delete(this.cards.keys().next().value!);
  }

  /**
   * JSON.stringify(product), made once while the product is a kept card's (served by get() just now): a search
   * answer sends 24 cards, and writing them out again for every answer was a tenth of its time. Any other product is
   * written out afresh.
   */
  json(product: Product): string {
    const kept = this.cards.get(product.id);
    if (kept?.card.product !== product) return JSON.stringify(product);
    return (kept.json ??= JSON.stringify(product));
  }

  get size(): number {
    return this.cards.size;
  }

  /** A write through this process moved the generation on: every card may show what it changed. */
  private dropIfWritten() {
    const generation = catalogueGeneration();
    if (generation === this.generation) return;
    this.generation = generation;
    this.cards.clear();
  }
}

const keptByDb = perHandle<KeptCards>();

/**
 * Keeps the default cards that loadCards reads through `db`, fresh by `changes` (the app's feed, started). Replaces
 * a cache registered before for `db`. Answers a function that stops keeping them (nothing else needs closing: once
 * the feed is closed it no longer hears, and nothing is served).
 */
export function keepCards(db: Db, changes: CatalogueChanges, options?: KeptCardsOptions): () => void {
  return keptByDb.keep(db, new KeptCards(changes, options));
}

/** The cards kept for `db`, if keepCards registered some. */
export const keptCards = (db: Db): KeptCards | undefined => keptByDb.of(db);
