/**
 * The min, median and max of one sample's values across many connections (the bands of a run
 * with many flows), by selection instead of a full sort: a linear scan for the min and
 * max and Hoare's quickselect for the middle, O(n) where the sort was O(n log n) (a thousand
 * connections, two metrics, at every sample). Same values as sorting the sample in ascending
 * order (`Float64Array.prototype.sort`, NaN last) and reading its first, middle and last
 * elements; the median of an even count is the mean of the two middle ones.
 */

/**
 * Min, median and max of `x[0 .. n-1]`, written to `out[0..2]`. Reorders `x` (a scratch copy).
 * NaN sorts last, as `Float64Array.prototype.sort` puts it: any NaN makes the max NaN, and a
 * middle position past the numbers is NaN.
 */
export function bandStats(x: Float64Array, n: number, out: Float64Array): void {
  if (n <= 0) {
    out[0] = out[1] = out[2] = Number.NaN;
    return;
  }
  // The numbers first (in place), NaNs after them: the sorted order's shape.
  let m = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = x[i];
    if (v !== v) continue;
    x[m++] = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  out[0] = m > 0 ? lo : Number.NaN;
  out[2] = m < n ? Number.NaN : hi;
  if (n % 2 === 1) out[1] = kth(x, m, (n - 1) / 2);
  else {
    const upper = kth(x, m, n / 2);
    // After selecting position n/2 of the numbers, the lower middle is the largest number before it.
    out[1] = (lowerMiddle(x, m, n / 2) + upper) / 2;
  }
}

/** The element at sorted position `k` of the `m` numbers in `x` (NaN when `k ≥ m`); partitions `x`. */
function kth(x: Float64Array, m: number, k: number): number {
  if (k >= m) return Number.NaN;
  let lo = 0;
  let hi = m - 1;
  while (hi > lo) {
    const pivot = x[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (x[i] < pivot) i++;
      while (x[j] > pivot) j--;
      if (i <= j) {
        const t = x[i];
        x[i] = x[j];
        x[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return x[k];
}

/**
 * Sorted position `k - 1` of the `m` numbers in `x`, once `kth(x, m, k)` has partitioned it (every
 * element before `k` is ≤ `x[k]`): the largest of `x[0 .. k-1]`; NaN when that position is a NaN.
 */
function lowerMiddle(x: Float64Array, m: number, k: number): number {
  if (k - 1 >= m) return Number.NaN;
  if (k >= m) {
    // Position k is a NaN and k - 1 is the largest number.
    let hi = x[0];
    for (let i = 1; i < m; i++) if (x[i] > hi) hi = x[i];
    return hi;
  }
  let hi = x[0];
  for (let i = 1; i < k; i++) if (x[i] > hi) hi = x[i];
  return hi;
}
