"""Checks a Grafana dashboard against Grafana's dashboard schema and our own rules.

The schema: the dashboard is decoded with grafana-foundation-sdk's model, which Grafana
generates from the schema of its dashboard kind, and encoded again; a field the schema
does not know, or a value of the wrong shape, does not come back as it was. Our rules:
unique panel ids, panels that do not overlap on the 24-column grid, every query on the
Prometheus datasource variable. Prints the PromQL of every query (one per line, Grafana's
variables left in) for the test that runs them against a real Prometheus.

Usage: check_dashboard.py DASHBOARD.json [--queries]
"""
import json
import sys

from grafana_foundation_sdk.cog.encoder import JSONEncoder
from grafana_foundation_sdk.models.dashboard import Dashboard


def lost(original, back, path="$"):
    """Where `original` is not found unchanged in `back` (which may add defaults)."""
    if isinstance(original, dict):
        if not isinstance(back, dict):
            return [f"{path}: became {type(back).__name__}"]
        problems = []
        for key, value in original.items():
            if key not in back:
                problems.append(f"{path}.{key}: not in the schema")
            else:
                problems += lost(value, back[key], f"{path}.{key}")
        return problems
    if isinstance(original, list):
        if not isinstance(back, list) or len(back) != len(original):
            return [f"{path}: list changed"]
        return [p for i, (a, b) in enumerate(zip(original, back)) for p in lost(a, b, f"{path}[{i}]")]
    return [] if original == back else [f"{path}: {original!r} came back as {back!r}"]


def main():
    path = sys.argv[1]
    with open(path) as f:
        dashboard = json.load(f)
    back = json.loads(json.dumps(Dashboard.from_json(dashboard), cls=JSONEncoder))
    problems = lost(dashboard, back)

    panels = [p for top in dashboard["panels"] for p in [top] + top.get("panels", [])]
    ids = [p["id"] for p in panels]
    if len(ids) != len(set(ids)):
        problems.append(f"panel ids repeat: {sorted(ids)}")
    cells = {}
    for panel in panels:
        g = panel["gridPos"]
        if g["x"] + g["w"] > 24:
            problems.append(f"panel {panel['title']!r} is wider than the grid")
        for x in range(g["x"], g["x"] + g["w"]):
            for y in range(g["y"], g["y"] + g["h"]):
                if (x, y) in cells:
                    problems.append(f"panels {cells[(x, y)]!r} and {panel['title']!r} overlap at {x},{y}")
                cells[(x, y)] = panel["title"]
    queries = []
    for panel in panels:
        if panel["type"] == "row":
            continue
        if panel.get("datasource", {}).get("uid") != "${datasource}":
            problems.append(f"panel {panel['title']!r} does not use the datasource variable")
        if not panel.get("targets"):
            problems.append(f"panel {panel['title']!r} has no query")
        for target in panel.get("targets", []):
            queries.append(target["expr"])
    # Overlaps are reported once per panel pair.
    problems = list(dict.fromkeys(problems))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)
    if "--queries" in sys.argv:
        print("\n".join(queries))
    else:
        print(f"{path}: {len(panels)} panels, {len(queries)} queries, as the schema has them")


main()
