// Why the server process gets flags: a young generation of 1 MB semi-spaces instead of V8's 16 MB keeps the
// resident memory under load ~25 MB lower (the inventory's requests make short-lived garbage only), for
// ~3% more CPU on a cached read and ~15% on a write (BENCHMARKS.md).

/** The Node flags the server runs with: `npm start` and the benchmark pass them; docker/entrypoint.sh repeats them (a test checks). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1'];
