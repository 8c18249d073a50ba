/**
 * The environment the production server is started with: by `npm start` (scripts/start.ts) and, as npm start does, by
 * the benchmarks' servers (bench/common.ts). A variable already set wins.
 *
 * MALLOC_MMAP_THRESHOLD_ (glibc): every allocation of 128 KiB or more gets a mapping of its own, returned to the system
 * when it is freed. By default glibc raises that threshold to the largest block freed so far (up to 32 MiB); from then
 * on the packed books' typed-array columns (10–30 MiB each, replaced as the books grow, are right-sized and are
 * rebuilt) come from the malloc heap, and the blocks they free stay resident. On the 100,000-lease book that was
 * ≈ 130 MiB of the server's RSS after warm-up (issue #10).
 *
 * MALLOC_ARENA_MAX=1 (glibc): one malloc arena for every thread. By default each thread that allocates while another
 * holds the arena gets one of its own (up to 8 per core): a tape import's commit worker, V8's background compiler and
 * collector threads, libuv's pool. What a thread frees stays in its arena, where the main thread cannot reuse it. In
 * interleaved bench:import runs the server's RSS rise over a 100,000-row import was 274–284 MiB with one arena against
 * 289–298 MiB with the default, at the same commit time (40.8–45.7 s against 40.3–41.9 s) and p99 (issue #13). Since
 * glibc 2.26 each thread's small allocations come from a cache of its own first, so the one arena is rarely contended.
 * Both are ignored by other C libraries.
 */
export function serverEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '1', ...env };
}

/**
 * Node flags the production server is started with (npm start, the benchmarks' servers).
 *
 * --heap-growing-percent=40 (V8): after each full collection the old generation may grow by 40 % of what survived
 * before the next one, instead of V8's dynamic factor of up to 4× for a large heap collected quickly. The server keeps
 * about 0.4 GiB of long-lived caches on the 100,000-lease book, and every write retires a few megabytes of them (a
 * lease's new valuation, its Dashboard sums): with the default factor that garbage piled up to ≈ 1.6 GiB RSS over 30
 * writes and 40 pages (bench:caches), with 25 % it stayed at ≈ 1.25 GiB at the same latencies (≈ 1.03 GiB since the
 * memos are process-wide, lib/process-wide.ts; issue #10).
 *
 * Why 40 and not 25: every request also leaves garbage in the old generation (Next's and undici's per-request
 * objects, ≈ 26 KB an API request, as in a minimal Next app; a page's render state, ≈ 0.3–0.7 MB a Dashboard or
 * Summary request under load, from --trace-gc), so under load the old generation fills at ≈ 30–50 MB/s whatever the
 * caches do, and each full collection marks the whole cached heap again. At 25 % that was one every ≈ 4 s during an
 * API load, its marking threads competing with the requests for the two cores. (A larger young generation does not
 * keep that garbage out: with --max-semi-space-size=64 a Summary load ran a quarter of the scavenges but as many full
 * collections, 3 in each run with old space +≈ 170 MB between them; bench:ratio did not improve in two runs against
 * two, and the RSS was 95–130 MiB higher.) Measured with
 * two or three servers side by side on the 100,000-lease book, interleaved rounds, CPU per request (each figure from
 * one run against 25 % in the same run): total-cash 0.945 → 0.904 ms at 40 %, 0.987 → 0.915 at 50 % and 0.885 at V8's
 * default; Summary 16.2 → 15.2 ms at 40 % and 15.1 at 50 %; Dashboard 21.1 → 20.0 ms at 40 % and 20.7 at 50 %. The
 * memory: bench:caches' RSS 878–888 MiB at 40 % (882 at 25 %, 924–951 at 50 %, 1,129 at the default); after a
 * Dashboard load 977 MiB at 40 % against 908 at 25 % and 1,025 at 50 %.
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--heap-growing-percent=40'];
