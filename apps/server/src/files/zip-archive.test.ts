import { describe, expect, it } from 'vitest';
import { zipArchive } from './zip-archive.ts';
import { InflateBudget, inflateEntry, listEntries } from './zip.ts';

const LIMITS = { maxEntries: 10, maxInflatedBytes: 1024 * 1024 };

describe('zipArchive', () => {
  it('writes stored and deflated files, in order, that our reader reads back', async () => {
    const files = [
      { name: 'b/deflated.xml', content: Buffer.from('<a>'.repeat(100)) },
      { name: 'a/stored.bin', content: Buffer.from([1, 2, 3]), stored: true },
      { name: 'Сонце.txt', content: Buffer.from('UTF-8 name') },
    ];
    const zip = zipArchive(files);
    const entries = listEntries(zip, LIMITS);
    expect(entries.map(({ name, method }) => ({ name, method }))).toEqual([
      { name: 'b/deflated.xml', method: 8 },
      { name: 'a/stored.bin', method: 0 },
      { name: 'Сонце.txt', method: 8 },
    ]);
    const budget = new InflateBudget(LIMITS.maxInflatedBytes);
    for (const [index, entry] of entries.entries()) {
      expect(await inflateEntry(zip, entry, budget, true)).toEqual(files[index]?.content);
    }
  });

  it('makes the same bytes for the same files, whenever it runs', async () => {
    const files = [{ name: 'a.txt', content: Buffer.from('same') }];
    const first = zipArchive(files);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(zipArchive(files).equals(first)).toBe(true);
  });
});
