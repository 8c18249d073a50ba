/** Every batch of an async iterable of batches, in order (Array.fromAsync is not in Node 20). */
export async function collectBatches<T>(batches: AsyncIterable<readonly T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of batches) out.push([...batch]);
  return out;
}
