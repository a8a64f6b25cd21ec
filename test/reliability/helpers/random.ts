/** A small seeded PRNG (mulberry32), so that a failing random schedule can be run again with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from the environment variable `name`, or a fresh one. */
export function seedFrom(name: string): number {
  const given = process.env[name];
  return given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
}

/** One element of `items`, chosen with `random`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}
