// A client's body weight over time as an SVG line chart: days on the horizontal axis,
// the weight in `unit` ("kg" or "lb") on the vertical one, each weigh-in a point whose
// tooltip gives its figure.

const svgNS = "http://www.w3.org/2000/svg";
const width = 600;
const height = 180;
const margin = { left: 44, right: 12, top: 12, bottom: 24 };

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(svgNS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// `entries`: BodyWeightEntry objects of the JSON API (`date` {year, month, day}, `weightKg`,
// `weightLb`), any order.
export function weightChart(entries, unit = "kg") {
  const points = entries
    .map((entry) => ({ day: Date.UTC(entry.date.year, entry.date.month - 1, entry.date.day), value: unit === "lb" ? entry.weightLb : entry.weightKg }))
    .sort((a, b) => a.day - b.day);
  if (points.length === 0) {
    const empty = document.createElement("p");
    empty.className = "muted";
    empty.textContent = "No weigh-ins yet.";
    return empty;
  }
  const first = points[0].day;
  const last = points[points.length - 1].day;
  const lowest = Math.min(...points.map((p) => p.value));
  const highest = Math.max(...points.map((p) => p.value));
  // A flat series still gets a visible band of one unit either way.
  const floor = Math.floor(lowest - (highest === lowest ? 1 : 0.5));
  const ceiling = Math.ceil(highest + (highest === lowest ? 1 : 0.5));
  const x = (day) => margin.left + (last === first ? 0.5 : (day - first) / (last - first)) * (width - margin.left - margin.right);
  const y = (value) => margin.top + (1 - (value - floor) / (ceiling - floor)) * (height - margin.top - margin.bottom);

  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Body weight over time" });
  chart.append(
    svg("line", { x1: margin.left, y1: margin.top, x2: margin.left, y2: height - margin.bottom, stroke: "#c4c9d2" }),
    svg("line", { x1: margin.left, y1: height - margin.bottom, x2: width - margin.right, y2: height - margin.bottom, stroke: "#c4c9d2" }),
    svg("text", { x: 4, y: y(ceiling) + 4 }, `${ceiling} ${unit}`),
    svg("text", { x: 4, y: y(floor) }, `${floor} ${unit}`)
  );
  const label = (day) => new Date(day).toISOString().slice(0, 10);
  chart.append(svg("text", { x: margin.left, y: height - 6 }, label(first)));
  if (last !== first) chart.append(svg("text", { x: width - margin.right, y: height - 6, "text-anchor": "end" }, label(last)));
  chart.append(svg("polyline", { points: points.map((p) => `${x(p.day).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ") }));
  for (const p of points) {
    const dot = svg("circle", { cx: x(p.day).toFixed(1), cy: y(p.value).toFixed(1), r: 3.5, "data-weight": p.value, "data-unit": unit });
    dot.append(svg("title", {}, `${label(p.day)}: ${p.value} ${unit}`));
    chart.append(dot);
  }
  return chart;
}
