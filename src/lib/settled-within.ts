// Waiting for work in flight at a stop: as long as it takes, but never longer than a grace period, so that a hung
// poll or request cannot hold a shutdown up.

/** Resolves once every promise has settled, or after `graceMs`, whichever comes first. */
export async function settledWithin(work: Iterable<Promise<unknown> | undefined>, graceMs: number): Promise<void> {
  let grace: NodeJS.Timeout | undefined;
  const late = new Promise<void>((done) => {
    grace = setTimeout(done, graceMs);
  });
  await Promise.race([Promise.allSettled([...work]), late]);
  clearTimeout(grace);
}
