/**
 * Which pulse figures may be shown, in one place (the summary and the export both use it).
 *
 * The figures of one question form a grid: rows are teams (people without a team form one more
 * row), columns are ISO weeks. The summary shows the question's total, every row total (byTeam),
 * every column total (the weekly trend) and, in a team-filtered view, one row's cells. Each
 * "line" is a total and its parts (total = sum of parts); a shown average times its shown count
 * is a known sum, so hidden figures are unknowns in a system of linear equations.
 *
 * 1. A figure built from fewer responses than the threshold is hidden.
 * 2. Every line is made safe (complementary suppression, as Viva Glint does: "suppress the next
 *    smallest group"): with its total shown, the hidden parts must be none, or hold at least
 *    `threshold` responses in at least two parts, else the next smallest part is hidden too (the
 *    total itself when no part is left); with its total hidden, at least one part must be hidden.
 * 3. Lines can still combine: a row total minus a column total can isolate a cell. Every figure
 *    is in exactly two lines, so the lines are nodes and the figures edges of a graph, and a
 *    hidden figure is determined by the shown ones exactly when its edge is a bridge of the graph
 *    of hidden edges (it lies on no cycle). For each such bridge, the cheapest path of shown
 *    figures that closes a cycle through it is hidden too.
 * Steps 2 and 3 repeat until nothing changes (each step only hides more). The pattern is decided
 * once for the whole grid, so every filtered view hides the same groups, and ties are broken by
 * team and week, so it is the same at every request.
 *
 * Figures are numbered (a year of 20 teams is about 1,100 of them per question, computed on every
 * summary request), so the work is on typed arrays rather than string-keyed maps.
 */

/** A line: figure `total` = sum of figures `parts` (figure numbers). */
export interface Line {
  total: number;
  parts: number[];
}

/**
 * Hides figures until every line is safe; returns hidden[figure] = 1 when hidden. Figure numbers
 * also break ties (the smaller number is hidden first), so number them in a stable order.
 * Figures without responses are shown nowhere and take no part.
 */
export function suppressLines(counts: ArrayLike<number>, lines: Line[], threshold: number): Uint8Array {
  const hidden = new Uint8Array(counts.length);
  for (let figure = 0; figure < counts.length; figure += 1) {
    const count = counts[figure] as number;
    if (count > 0 && count < threshold) hidden[figure] = 1;
  }
  const present = lines
    .map((line) => ({ total: line.total, parts: line.parts.filter((part) => (counts[part] as number) > 0) }))
    .filter((line) => line.parts.length > 0);
  const ends = endsOf(present, counts.length);

  for (;;) {
    for (let changed = true; changed; ) {
      changed = false;
      for (const line of present) {
        const hide = nextToHide(line, hidden, counts, threshold);
        if (hide >= 0) {
          hidden[hide] = 1;
          changed = true;
        }
      }
    }
    const bridge = firstBridge(hidden, ends, present.length);
    if (bridge < 0) return hidden;
    for (const figure of cheapestClosingPath(bridge, hidden, ends, counts, present.length)) hidden[figure] = 1;
  }
}

/** The figure to hide next for this line to be safe, or -1 when it is safe. */
function nextToHide(line: Line, hidden: Uint8Array, counts: ArrayLike<number>, threshold: number): number {
  let hiddenParts = 0;
  let hiddenCount = 0;
  let smallestShown = -1;
  for (const part of line.parts) {
    const count = counts[part] as number;
    if (hidden[part]) {
      hiddenParts += 1;
      hiddenCount += count;
    } else if (smallestShown < 0 || count < (counts[smallestShown] as number) || (count === counts[smallestShown] && part < smallestShown)) {
      smallestShown = part;
    }
  }
  if (hidden[line.total]) return hiddenParts === 0 ? smallestShown : -1;
  if (hiddenParts === 0 || (hiddenCount >= threshold && hiddenParts >= 2)) return -1;
  return smallestShown >= 0 ? smallestShown : line.total;
}

/** Every figure is in exactly two lines: ends[2f] and ends[2f + 1] are their numbers (-1: in none). */
function endsOf(lines: Line[], figures: number): Int32Array {
  const ends = new Int32Array(figures * 2).fill(-1);
  lines.forEach((line, index) => {
    for (const figure of [line.total, ...line.parts]) {
      const slot = ends[2 * figure] === -1 ? 2 * figure : 2 * figure + 1;
      if (ends[slot] !== -1) throw new Error(`figure ${figure} is in more than two lines`);
      ends[slot] = index;
    }
  });
  return ends;
}

function adjacency(ends: Int32Array, nodes: number, include: (figure: number) => boolean): Array<Array<[node: number, figure: number]>> {
  const list: Array<Array<[number, number]>> = Array.from({ length: nodes }, () => []);
  for (let figure = 0; 2 * figure < ends.length; figure += 1) {
    const a = ends[2 * figure] as number;
    const b = ends[2 * figure + 1] as number;
    if (a < 0 || b < 0 || !include(figure)) continue;
    list[a]?.push([b, figure]);
    list[b]?.push([a, figure]);
  }
  return list;
}

/** The lowest-numbered hidden figure that is a bridge of the hidden graph (Tarjan's low-link), or -1. */
function firstBridge(hidden: Uint8Array, ends: Int32Array, nodes: number): number {
  const graph = adjacency(ends, nodes, (figure) => hidden[figure] === 1);
  const discovered = new Int32Array(nodes).fill(-1);
  const low = new Int32Array(nodes);
  let time = 0;
  let bridge = -1;
  const visit = (node: number, via: number) => {
    discovered[node] = low[node] = time++;
    for (const [next, figure] of graph[node] ?? []) {
      if (figure === via) continue;
      if (discovered[next] === -1) {
        visit(next, figure);
        low[node] = Math.min(low[node] as number, low[next] as number);
        if ((low[next] as number) > (discovered[node] as number) && (bridge < 0 || figure < bridge)) bridge = figure;
      } else {
        low[node] = Math.min(low[node] as number, discovered[next] as number);
      }
    }
  };
  for (let node = 0; node < nodes; node += 1) if (discovered[node] === -1) visit(node, -1);
  return bridge;
}

/** Shown figures on the cheapest path (fewest responses newly hidden) joining the bridge's two lines without it. */
function cheapestClosingPath(bridge: number, hidden: Uint8Array, ends: Int32Array, counts: ArrayLike<number>, nodes: number): number[] {
  const graph = adjacency(ends, nodes, (figure) => figure !== bridge);
  const from = ends[2 * bridge] as number;
  const to = ends[2 * bridge + 1] as number;
  const distance = new Float64Array(nodes).fill(Infinity);
  const via = new Int32Array(nodes).fill(-1);
  const done = new Uint8Array(nodes);
  distance[from] = 0;
  for (;;) {
    let node = -1;
    for (let i = 0; i < nodes; i += 1) if (!done[i] && distance[i] !== Infinity && (node < 0 || (distance[i] as number) < (distance[node] as number))) node = i;
    if (node < 0 || node === to) break;
    done[node] = 1;
    for (const [next, figure] of graph[node] ?? []) {
      const cost = (distance[node] as number) + (hidden[figure] ? 0 : (counts[figure] as number));
      if (cost < (distance[next] as number)) {
        distance[next] = cost;
        via[next] = figure;
      }
    }
  }
  if (distance[to] === Infinity) throw new Error(`no cycle can protect figure ${bridge}`);
  const path: number[] = [];
  for (let node = to; node !== from; ) {
    const figure = via[node] as number;
    if (!hidden[figure]) path.push(figure);
    node = ends[2 * figure] === node ? (ends[2 * figure + 1] as number) : (ends[2 * figure] as number);
  }
  return path;
}

export interface GridPattern {
  totalHidden: boolean;
  rowHidden: (row: string) => boolean;
  colHidden: (col: string) => boolean;
  cellHidden: (row: string, col: string) => boolean;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The suppression pattern of one question: grid.get(row).get(col) = responses of that team and week. */
export function suppressGrid(grid: Map<string, Map<string, number>>, threshold: number): GridPattern {
  // Stable numbering: the total, then rows and columns in key order, then cells row by row.
  const rowKeys = [...grid.keys()].filter((row) => [...(grid.get(row)?.values() ?? [])].some((count) => count > 0)).sort(byKey);
  const colSet = new Set<string>();
  for (const row of rowKeys) for (const [col, count] of grid.get(row) ?? []) if (count > 0) colSet.add(col);
  const colKeys = [...colSet].sort(byKey);
  const rowIndex = new Map(rowKeys.map((row, i) => [row, 1 + i]));
  const colIndex = new Map(colKeys.map((col, i) => [col, 1 + rowKeys.length + i]));
  const cellIndex = new Map<string, Map<string, number>>();
  const counts: number[] = new Array(1 + rowKeys.length + colKeys.length).fill(0);
  const rowParts: number[][] = rowKeys.map(() => []);
  const colParts: number[][] = colKeys.map(() => []);
  rowKeys.forEach((row, r) => {
    const cells = new Map<string, number>();
    cellIndex.set(row, cells);
    for (const col of colKeys) {
      const count = grid.get(row)?.get(col) ?? 0;
      if (count <= 0) continue;
      const figure = counts.length;
      counts.push(count);
      cells.set(col, figure);
      const column = colIndex.get(col) as number;
      counts[0] = (counts[0] as number) + count;
      counts[1 + r] = (counts[1 + r] as number) + count;
      counts[column] = (counts[column] as number) + count;
      rowParts[r]?.push(figure);
      colParts[column - 1 - rowKeys.length]?.push(figure);
    }
  });
  const total = counts[0] as number;
  const lines: Line[] = [
    { total: 0, parts: rowKeys.map((_, r) => 1 + r) },
    { total: 0, parts: colKeys.map((_, c) => 1 + rowKeys.length + c) },
    ...rowParts.map((parts, r) => ({ total: 1 + r, parts })),
    ...colParts.map((parts, c) => ({ total: 1 + rowKeys.length + c, parts })),
  ];
  const hidden = total > 0 ? suppressLines(counts, lines, threshold) : new Uint8Array(counts.length);
  const isHidden = (figure: number | undefined) => figure !== undefined && hidden[figure] === 1;
  return {
    totalHidden: total < threshold || hidden[0] === 1,
    rowHidden: (row) => isHidden(rowIndex.get(row)),
    colHidden: (col) => isHidden(colIndex.get(col)),
    cellHidden: (row, col) => isHidden(cellIndex.get(row)?.get(col)),
  };
}
