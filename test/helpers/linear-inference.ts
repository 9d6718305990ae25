/**
 * The adversary of the anonymity tests: given linear equations "sum of these figures = a known
 * number" built from everything a summary shows, which hidden figures are determined exactly?
 * A hidden figure x is determined iff the unit vector of x lies in the row space of the equations
 * restricted to hidden figures (Gaussian elimination over exact rationals, small systems only).
 */

type Fraction = [bigint, bigint];

function normalise([n, d]: Fraction): Fraction {
  if (d < 0n) return normalise([-n, -d]);
  const g = gcd(n < 0n ? -n : n, d);
  return g === 0n ? [0n, 1n] : [n / g, d / g];
}
function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}
const sub = (a: Fraction, b: Fraction): Fraction => normalise([a[0] * b[1] - b[0] * a[1], a[1] * b[1]]);
const mul = (a: Fraction, b: Fraction): Fraction => normalise([a[0] * b[0], a[1] * b[1]]);
const div = (a: Fraction, b: Fraction): Fraction => normalise([a[0] * b[1], a[1] * b[0]]);
const isZero = (a: Fraction) => a[0] === 0n;

/**
 * equations: each lists (hidden figure, coefficient) pairs whose weighted sum is known (the shown
 * figures were moved to the other side). Returns the hidden figures whose value is determined.
 */
export function determinedUnknowns(equations: Array<Array<[string, number]>>, unknowns: string[]): string[] {
  const index = new Map(unknowns.map((key, i) => [key, i]));
  const rows: Fraction[][] = equations
    .filter((equation) => equation.length > 0)
    .map((equation) => {
      const row: Fraction[] = unknowns.map(() => [0n, 1n] as Fraction);
      for (const [key, coefficient] of equation) {
        const i = index.get(key);
        if (i === undefined) throw new Error(`unknown ${key} is not declared`);
        row[i] = normalise([row[i]![0] + BigInt(coefficient) * row[i]![1], row[i]![1]]);
      }
      return row;
    });
  // Reduced row echelon form.
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < unknowns.length && r < rows.length; c += 1) {
    const pivotRow = rows.findIndex((row, i) => i >= r && !isZero(row[c]!));
    if (pivotRow < 0) continue;
    [rows[r], rows[pivotRow]] = [rows[pivotRow]!, rows[r]!];
    const pivot = rows[r]![c]!;
    rows[r] = rows[r]!.map((value) => div(value, pivot));
    for (let i = 0; i < rows.length; i += 1) {
      if (i === r || isZero(rows[i]![c]!)) continue;
      const factor = rows[i]![c]!;
      rows[i] = rows[i]!.map((value, j) => sub(value, mul(factor, rows[r]![j]!)));
    }
    pivots.push(c);
    r += 1;
  }
  // A variable is determined iff some row of the RREF is exactly its unit vector.
  const determined: string[] = [];
  for (let i = 0; i < pivots.length; i += 1) {
    const row = rows[i]!;
    const nonZero = row.filter((value) => !isZero(value)).length;
    if (nonZero === 1) determined.push(unknowns[pivots[i]!]!);
  }
  return determined;
}
