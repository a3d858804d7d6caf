/** What one member of a batch came to: its own value, or its own error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A batch holds at most this many members; more start another batch in the same turn. */
export const MAX_BATCH = 100;

interface Member<Item, Value> {
  item: Item;
  resolve: (value: Value) => void;
  reject: (error: unknown) => void;
}

interface Batch<Item, Value> {
  members: Member<Item, Value>[];
  keys: Set<number>;
}

/**
 * Work asked for in the same turn of the event loop, done together: every item added in one turn joins a batch, and
 * after the turn each batch is run once, by `run`, which answers an outcome per item, in order. Batches run side by
 * side; none waits for another. Two items with the same `key` never share a batch (a buyer who checks out twice at
 * once is two batches, which the database's account lock then runs one after the other).
 *
 * If `run` throws for a batch of several (its transaction failed as a whole, say), each of its items is run again
 * alone, so that one item's trouble never sinks the others; an item alone that throws fails with that error.
 */
export class SameTurnBatches<Item, Value> {
  private forming: Batch<Item, Value>[] = [];

  constructor(
    private readonly run: (items: Item[]) => Promise<Outcome<Value>[]>,
    private readonly key: (item: Item) => number,
    private readonly max = MAX_BATCH,
  ) {}

  /** Adds `item` to a batch of this turn; answers its own outcome. */
  add(item: Item): Promise<Value> {
    return new Promise((resolve, reject) => {
      const key = this.key(item);
      let batch = this.forming.find((b) => b.members.length < this.max && !b.keys.has(key));
      if (!batch) {
        if (this.forming.length === 0) setImmediate(() => this.start());
        this.forming.push((batch = { members: [], keys: new Set() }));
      }
      batch.members.push({ item, resolve, reject });
      batch.keys.add(key);
    });
  }

  private start(): void {
    const batches = this.forming;
    this.forming = [];
    for (const batch of batches) void this.settle(batch.members);
  }

  private async settle(batch: Member<Item, Value>[]): Promise<void> {
    try {
      const outcomes = await this.run(batch.map((m) => m.item));
      batch.forEach((member, i) => {
        const outcome = outcomes[i];
        if (!outcome) member.reject(new Error('a batch answered fewer outcomes than it had items'));
        else if (outcome.ok) member.resolve(outcome.value);
        else member.reject(outcome.error);
      });
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else await Promise.all(batch.map((member) => this.settle([member])));
    }
  }
}
