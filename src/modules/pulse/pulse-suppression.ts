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
 * once for the whole grid, so every filtered view hides the same groups.
 */

export interface Line {
  total: string;
  parts: string[];
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

interface Edge {
  key: string;
  a: number;
  b: number;
}

export function suppressLines(counts: Map<string, number>, lines: Line[], threshold: number): Set<string> {
  const hidden = new Set<string>();
  for (const [key, count] of counts) if (count > 0 && count < threshold) hidden.add(key);
  const present = lines.map((line) => ({ total: line.total, parts: line.parts.filter((part) => (counts.get(part) ?? 0) > 0) }));
  const edges = edgesOf(present);
  const size = (key: string) => counts.get(key) ?? 0;
  const order = (a: string, b: string) => size(a) - size(b) || (a < b ? -1 : a > b ? 1 : 0);

  for (;;) {
    for (let changed = true; changed; ) {
      changed = false;
      for (const line of present) {
        const hide = nextToHide(line, hidden, size, threshold, order);
        if (hide) {
          hidden.add(hide);
          changed = true;
        }
      }
    }
    const bridge = findBridges(edges.filter((edge) => hidden.has(edge.key)), present.length)[0];
    if (!bridge) return hidden;
    for (const key of cheapestClosingPath(edges, bridge, hidden, size, present.length)) hidden.add(key);
  }
}

function nextToHide(line: Line, hidden: Set<string>, size: (key: string) => number, threshold: number, order: (a: string, b: string) => number) {
  if (line.parts.length === 0) return null;
  const hiddenParts = line.parts.filter((part) => hidden.has(part));
  const shownParts = line.parts.filter((part) => !hidden.has(part)).sort(order);
  if (hidden.has(line.total)) return hiddenParts.length === 0 ? (shownParts[0] ?? null) : null;
  if (hiddenParts.length === 0) return null;
  const hiddenCount = hiddenParts.reduce((sum, part) => sum + size(part), 0);
  if (hiddenCount >= threshold && hiddenParts.length >= 2) return null;
  return shownParts[0] ?? line.total;
}

function edgesOf(lines: Line[]): Edge[] {
  const ends = new Map<string, number[]>();
  lines.forEach((line, index) => {
    if (line.parts.length === 0) return;
    for (const key of [line.total, ...line.parts]) append(ends, key, index);
  });
  const edges: Edge[] = [];
  for (const [key, nodes] of ends) {
    if (nodes.length !== 2) throw new Error(`figure ${key} must be in exactly two lines, is in ${nodes.length}`);
    edges.push({ key, a: nodes[0] as number, b: nodes[1] as number });
  }
  return edges;
}

/** Bridges of an undirected graph (Tarjan's low-link), in a stable order. */
function findBridges(edges: Edge[], nodeCount: number): Edge[] {
  const adjacency: Array<Array<{ to: number; edge: Edge }>> = Array.from({ length: nodeCount }, () => []);
  for (const edge of edges) {
    adjacency[edge.a]?.push({ to: edge.b, edge });
    adjacency[edge.b]?.push({ to: edge.a, edge });
  }
  const discovered = new Array<number>(nodeCount).fill(-1);
  const low = new Array<number>(nodeCount).fill(0);
  const bridges: Edge[] = [];
  let time = 0;
  const visit = (node: number, via: Edge | null) => {
    discovered[node] = low[node] = time++;
    for (const { to, edge } of adjacency[node] ?? []) {
      if (edge === via) continue;
      if (discovered[to] === -1) {
        visit(to, edge);
        low[node] = Math.min(low[node] as number, low[to] as number);
        if ((low[to] as number) > (discovered[node] as number)) bridges.push(edge);
      } else {
        low[node] = Math.min(low[node] as number, discovered[to] as number);
      }
    }
  };
  for (let node = 0; node < nodeCount; node += 1) if (discovered[node] === -1) visit(node, null);
  return bridges.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}

/** Shown figures on the cheapest path (fewest responses hidden) joining the bridge's ends without it. */
function cheapestClosingPath(edges: Edge[], bridge: Edge, hidden: Set<string>, size: (key: string) => number, nodeCount: number): string[] {
  const adjacency: Array<Array<{ to: number; edge: Edge }>> = Array.from({ length: nodeCount }, () => []);
  for (const edge of edges) {
    if (edge === bridge) continue;
    adjacency[edge.a]?.push({ to: edge.b, edge });
    adjacency[edge.b]?.push({ to: edge.a, edge });
  }
  const distance = new Array<number>(nodeCount).fill(Infinity);
  const previous = new Array<Edge | null>(nodeCount).fill(null);
  const done = new Array<boolean>(nodeCount).fill(false);
  distance[bridge.a] = 0;
  for (;;) {
    let node = -1;
    for (let i = 0; i < nodeCount; i += 1) if (!done[i] && distance[i] !== Infinity && (node < 0 || (distance[i] as number) < (distance[node] as number))) node = i;
    if (node < 0 || node === bridge.b) break;
    done[node] = true;
    for (const { to, edge } of adjacency[node] ?? []) {
      const next = (distance[node] as number) + (hidden.has(edge.key) ? 0 : size(edge.key));
      if (next < (distance[to] as number)) {
        distance[to] = next;
        previous[to] = edge;
      }
    }
  }
  if (distance[bridge.b] === Infinity) throw new Error(`no cycle can protect ${bridge.key}`);
  const path: string[] = [];
  for (let node = bridge.b; node !== bridge.a; ) {
    const edge = previous[node] as Edge;
    if (!hidden.has(edge.key)) path.push(edge.key);
    node = edge.a === node ? edge.b : edge.a;
  }
  return path;
}

export interface GridPattern {
  totalHidden: boolean;
  rowHidden: (row: string) => boolean;
  colHidden: (col: string) => boolean;
  cellHidden: (row: string, col: string) => boolean;
}

const TOTAL = "T";
const rowKey = (row: string) => `R:${row}`;
const colKey = (col: string) => `C:${col}`;
const cellKey = (row: string, col: string) => `X:${row}|${col}`;

/** The suppression pattern of one question: grid.get(row).get(col) = responses of that team and week. */
export function suppressGrid(grid: Map<string, Map<string, number>>, threshold: number): GridPattern {
  const counts = new Map<string, number>([[TOTAL, 0]]);
  const add = (key: string, count: number) => counts.set(key, (counts.get(key) ?? 0) + count);
  const rows = new Map<string, string[]>();
  const cols = new Map<string, string[]>();
  for (const [row, cells] of grid) {
    for (const [col, count] of cells) {
      if (count <= 0) continue;
      add(TOTAL, count);
      add(rowKey(row), count);
      add(colKey(col), count);
      counts.set(cellKey(row, col), count);
      append(rows, row, cellKey(row, col));
      append(cols, col, cellKey(row, col));
    }
  }
  const lines: Line[] = [
    { total: TOTAL, parts: [...rows.keys()].map(rowKey) },
    { total: TOTAL, parts: [...cols.keys()].map(colKey) },
    ...[...rows].map(([row, parts]) => ({ total: rowKey(row), parts })),
    ...[...cols].map(([col, parts]) => ({ total: colKey(col), parts })),
  ];
  const total = counts.get(TOTAL) ?? 0;
  const hidden = total > 0 ? suppressLines(counts, lines, threshold) : new Set<string>();
  return {
    totalHidden: total < threshold || hidden.has(TOTAL),
    rowHidden: (row) => hidden.has(rowKey(row)),
    colHidden: (col) => hidden.has(colKey(col)),
    cellHidden: (row, col) => hidden.has(cellKey(row, col)),
  };
}
