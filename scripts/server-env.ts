/**
 * The environment the production server is started with: by `npm start` (scripts/start.ts) and, as npm start does, by
 * the benchmarks' servers (bench/common.ts). A variable already set wins.
 *
 * MALLOC_MMAP_THRESHOLD_ (glibc): every allocation of 128 KiB or more gets a mapping of its own, returned to the system
 * when it is freed. By default glibc raises that threshold to the largest block freed so far (up to 32 MiB); from then
 * on the packed books' typed-array columns (10–30 MiB each, replaced as the books grow, are right-sized and are
 * rebuilt) come from the malloc heap, and the blocks they free stay resident. On the 100,000-lease book that was
 * ≈ 130 MiB of the server's RSS after warm-up (issue #10). Ignored by other C libraries.
 */
export function serverEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}

/**
 * Node flags the production server is started with (npm start, the benchmarks' servers).
 *
 * --heap-growing-percent=25 (V8): after each full collection the old generation may grow by a quarter of what
 * survived before the next one, instead of V8's dynamic factor of up to 4× for a large heap collected quickly. The
 * server keeps about half a gigabyte of long-lived caches on the 100,000-lease book, and every write retires a few
 * megabytes of them (a lease's new valuation, its Dashboard sums): with the default factor that garbage piled up to
 * ≈ 1.6 GiB RSS over 30 writes and 40 pages (bench:caches), with 25 % it stayed at ≈ 1.25 GiB at the same latencies
 * (≈ 1.03 GiB since the memos are process-wide, lib/process-wide.ts; issue #10).
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--heap-growing-percent=25'];
