/** "1 port", "3 ports": a count with its noun for messages and summaries. */
export function counted(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
