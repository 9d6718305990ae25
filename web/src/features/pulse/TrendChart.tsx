/** A small line chart of weekly averages on the 1–5 scale; weeks hidden by the threshold leave a gap. */
export function TrendChart({ weekly, label }: { weekly: Array<{ week: string; avg: number | null; count: number }>; label: string }) {
  const width = 320;
  const height = 120;
  const pad = { left: 24, right: 8, top: 8, bottom: 20 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (weekly.length <= 1 ? innerW / 2 : (i * innerW) / (weekly.length - 1));
  const y = (value: number) => pad.top + innerH - ((value - 1) / 4) * innerH;

  // Consecutive shown weeks form one segment; a suppressed week breaks the line.
  const segments: string[] = [];
  let current: string[] = [];
  weekly.forEach((point, i) => {
    if (point.avg === null) {
      if (current.length) segments.push(current.join(" "));
      current = [];
    } else current.push(`${current.length ? "L" : "M"}${x(i).toFixed(1)},${y(point.avg).toFixed(1)}`);
  });
  if (current.length) segments.push(current.join(" "));

  const shown = weekly.filter((point) => point.avg !== null);
  const description = shown.length
    ? `${label}: weekly average from ${shown[0]?.avg?.toFixed(1)} in ${shown[0]?.week} to ${shown[shown.length - 1]?.avg?.toFixed(1)} in ${shown[shown.length - 1]?.week}; ${weekly.length - shown.length} weeks hidden for anonymity.`
    : `${label}: no week has enough responses to show.`;

  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={description}>
      {[1, 3, 5].map((tick) => (
        <g key={tick}>
          <line className="axis" x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} />
          <text x={4} y={y(tick) + 3}>
            {tick}
          </text>
        </g>
      ))}
      {segments.map((d, i) => (
        <path key={i} className="line" d={d} />
      ))}
      {weekly.map((point, i) =>
        point.avg === null ? null : (
          <circle key={point.week} className="point" cx={x(i)} cy={y(point.avg)} r={3}>
            <title>{`${point.week}: ${point.avg.toFixed(2)} (${point.count} responses)`}</title>
          </circle>
        ),
      )}
      {weekly.length > 0 && (
        <>
          <text x={pad.left} y={height - 4}>
            {weekly[0]?.week}
          </text>
          <text x={width - pad.right} y={height - 4} textAnchor="end">
            {weekly[weekly.length - 1]?.week}
          </text>
        </>
      )}
    </svg>
  );
}
