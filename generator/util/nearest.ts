/** Edits (insert, delete, replace, or swap two neighbours) from one word to another: Damerau's distance. */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * The known words nearest a slip, nearest first (a difference of letter case alone counts least), at most `max`;
 * only those a typo could have made: within a third of the word's length, and at least two edits.
 */
export function nearest(slip: string, known: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(slip.length / 3));
  const scored = [...new Set(known)]
    .filter((k) => k !== slip)
    .map((k) => ({
      k,
      score: k.toLowerCase() === slip.toLowerCase() ? 0.5 : distance(slip.toLowerCase(), k.toLowerCase()),
    }))
    .filter((x) => x.score <= limit)
    .sort((x, y) => x.score - y.score);
  return scored.slice(0, max).map((x) => x.k);
}
