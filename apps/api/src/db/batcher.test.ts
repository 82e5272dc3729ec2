import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

/** A batch writer whose batches finish when the test says so. */
function controlledWriter() {
  const batches: { items: number[]; finish: (error?: Error) => void }[] = [];
  return {
    batches,
    run(items: number[]) {
      return new Promise<string[]>((resolve, reject) => {
        batches.push({
          items,
          finish: (error) => (error ? reject(error) : resolve(items.map((i) => `done ${i}`))),
        });
      });
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('writes a lone item at once, as a batch of one', async () => {
    const writer = controlledWriter();
    const batcher = createBatcher({ run: writer.run, maxBatch: 10, maxInFlight: 2 });
    const answer = batcher.submit(1);
    await turn();
    expect(writer.batches.map((b) => b.items)).toEqual([[1]]);
    writer.batches[0]?.finish();
    await expect(answer).resolves.toBe('done 1');
  });

  it('groups what arrives while batches are being written, up to the batch size', async () => {
    const writer = controlledWriter();
    const batcher = createBatcher({ run: writer.run, maxBatch: 3, maxInFlight: 1 });
    const answers = [1, 2, 3, 4, 5, 6].map((i) => batcher.submit(i));
    await turn();
    expect(writer.batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    const later = [7, 8].map((i) => batcher.submit(i));
    await turn();
    expect(writer.batches).toHaveLength(1); // one in flight at most
    writer.batches[0]?.finish();
    await turn();
    expect(writer.batches.map((b) => b.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    writer.batches[1]?.finish();
    await turn();
    writer.batches[2]?.finish();
    expect(writer.batches[2]?.items).toEqual([7, 8]);
    await expect(Promise.all([...answers, ...later])).resolves.toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((i) => `done ${i}`),
    );
  });

  it('runs up to maxInFlight batches side by side', async () => {
    const writer = controlledWriter();
    const batcher = createBatcher({ run: writer.run, maxBatch: 2, maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5].map((i) => batcher.submit(i));
    await turn();
    expect(writer.batches.map((b) => b.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    writer.batches[1]?.finish();
    await turn();
    expect(writer.batches[2]?.items).toEqual([5]);
    writer.batches[0]?.finish();
    writer.batches[2]?.finish();
    await expect(Promise.all(answers)).resolves.toHaveLength(5);
  });

  it("fails only the failed batch's items, and goes on with the next", async () => {
    const writer = controlledWriter();
    const batcher = createBatcher({ run: writer.run, maxBatch: 2, maxInFlight: 1 });
    const first = [1, 2].map((i) => batcher.submit(i));
    const second = batcher.submit(3);
    await turn();
    writer.batches[0]?.finish(new Error('connection lost'));
    for (const answer of first) await expect(answer).rejects.toThrow('connection lost');
    await turn();
    writer.batches[1]?.finish();
    await expect(second).resolves.toBe('done 3');
  });

  it('tells which batch an item submitted now goes in', async () => {
    const writer = controlledWriter();
    const batcher = createBatcher({ run: writer.run, maxBatch: 2, maxInFlight: 1 });
    const joined: number[] = [];
    const submit = (i: number) => {
      joined.push(batcher.nextBatch());
      return batcher.submit(i);
    };
    const answers = [1, 2, 3, 4, 5].map(submit);
    await turn();
    answers.push(submit(6));
    expect(joined).toEqual([0, 0, 1, 1, 2, 2]);
    for (let k = 0; k < 3; k += 1) {
      writer.batches[k]?.finish();
      await turn();
    }
    expect(writer.batches.map((b) => b.items)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(batcher.nextBatch()).toBe(3);
    await expect(Promise.all(answers)).resolves.toHaveLength(6);
  });

  it('refuses a writer that answers the wrong number of results', async () => {
    const batcher = createBatcher<number, number>({
      run: async () => [1],
      maxBatch: 5,
      maxInFlight: 1,
    });
    const answers = [1, 2].map((i) => batcher.submit(i));
    for (const answer of answers) await expect(answer).rejects.toThrow('answered 1 results');
  });
});
