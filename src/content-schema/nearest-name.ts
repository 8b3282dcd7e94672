/**
 * The nearest of a list of names to a misspelt one, for "did you mean" hints in content errors.
 * Edit distance, computed in full: the lists are small (at most a few thousand icon names) and the
 * search runs only once a name has already failed.
 */

/**
 * Edits that turn `a` into `b`: insertions, deletions, substitutions and swaps of two neighbours
 * (optimal string alignment), since "magent" for "magnet" is one slip, not two.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let distance = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, (before[j - 2] ?? 0) + 1);
      }
      current.push(distance);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The closest name, if it is close enough to be the one meant: at most one edit in three
 * characters (and always one), so that "dropet" finds "droplet" but "xyz" finds nothing.
 * A tie is no answer: "slide5" is as near to "slide1" as to "slide2", and a guess would mislead.
 */
export function nearestName(name: string, names: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tied = false;
  for (const candidate of names) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tied = false;
    } else if (distance === bestDistance) {
      tied = true;
    }
  }
  return tied ? undefined : best;
}
