#!/usr/bin/env python3
"""The scaling series: how the cost per unit grows with subscribers, chain depth and rows, measured
as callgrind instructions (deterministic) with Benchmarks/Profile/instructions.sh, drawn as SVG
pictures in Benchmarks/Series/ and written as a table between the series markers of
Benchmarks/RESULTS.md. Each series states the shape it must have, and the script checks it:
exit 1 when a series does not have its shape.

Usage: Benchmarks/Profile/series.py [SERIES ...]   (default: every series; names below)
"""
import datetime, math, os, pathlib, platform, re, subprocess, sys

here = pathlib.Path(__file__).resolve().parent
out = here.parent / "Series"
results = here.parent / "RESULTS.md"

# Each series: a title, the scenario pattern, the sizes, the unit counts of its two runs, `per`
# (divide the instructions per unit by the size), the expected shape and what it means.
SERIES = {
    "subscribers": dict(
        title="Fan-out: instructions per accept against subscribers",
        scenario="fanout-{}", sizes=[1, 10, 100, 1_000, 10_000], units=(200, 1_200), per=False,
        shape="linear",
        expect="linear: every further subscriber adds the same cost to an accept, however many "
        "there are"),
    "chain-depth": dict(
        title="Operator chain: instructions per event against chain depth (map operators)",
        scenario="chain-depth-{}", sizes=[1, 10, 100, 1_000], units=(200, 1_200), per=False,
        shape="linear",
        expect="linear: every further `map` adds the same cost to an event, however long the "
        "chain"),
    "rows": dict(
        title="Store of rows (PersistentArray): instructions per toggle intent against rows",
        scenario="rows-{}", sizes=[10, 100, 1_000, 10_000, 100_000], units=(1_000, 6_000),
        per=False, shape="log",
        expect="logarithmic: a change copies one path of the tree (16-way), so every tenfold "
        "step adds about the same cost"),
    "rows-view": dict(
        title="Store of rows with a ViewStore: instructions per toggle intent against rows",
        scenario="rows-view-{}", sizes=[10, 100, 1_000, 10_000, 100_000], units=(1_000, 6_000),
        per=False, shape="log",
        expect="logarithmic, within 2x from 10 to 100,000 rows: the view compares only the "
        "changed path"),
    "child-rows": dict(
        title="A row intent in a ChildFeatures list (PersistentArray): instructions per intent "
        "against rows",
        scenario="child-rows-{}", sizes=[10, 100, 1_000, 10_000, 100_000], units=(1_000, 6_000),
        per=False, shape="log",
        expect="logarithmic, within 2x from 10 to 100,000 rows: the row is found through the "
        "array's id index (a hash look-up) and changed along one path of the tree"),
    "features": dict(
        title="Child features composed into one store: instructions per intent against features",
        scenario="features-{}", sizes=[1, 10, 100], units=(1_000, 6_000), per=False,
        shape="linear",
        expect="linear: the parent asks its children in turn, so every further child adds one "
        "rejected intent and one rejected result (and one Int of state to copy and compare)"),
    "rows-array": dict(
        title="The same store with the rows in an Array: instructions per toggle intent",
        scenario="rows-array-{}", sizes=[10, 100, 1_000], units=(200, 1_200), per=False,
        shape="linear",
        expect="linear: every intent copies the whole array (why state lists are PersistentArrays)"),
}


def measure(scenario, size, units):
    # One pair of unit counts per series (the count is exact either way; fewer units keep the
    # costly series short), so that every size of a series is measured alike.
    small, large = units
    name = scenario.format(size)
    environment = dict(os.environ, SMALL=str(small), LARGE=str(large))
    result = subprocess.run([str(here / "instructions.sh"), name], env=environment,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"instructions.sh {name} failed:\n{result.stdout}{result.stderr}")
    return float(result.stdout.split()[-1])


def check(shape, sizes, values):
    """Whether `values` (per unit, already divided when the series is per size) has `shape`."""
    if shape == "flat":
        ok = max(values) <= 1.25 * min(values)
        return ok, f"max/min = {max(values) / min(values):.2f} (flat: at most 1.25)"
    if shape == "linear":
        # a + b·size: the cost added per unit of size is the same between every two sizes
        slopes = [(b - a) / (n - m) for a, b, m, n in zip(values, values[1:], sizes, sizes[1:])]
        ok = min(slopes) > 0 and max(slopes) <= 1.25 * min(slopes)
        return ok, (f"each further unit of size adds {', '.join(f'{s:,.1f}' for s in slopes)} "
                    f"(linear: the same within 1.25x)")
    # log: each tenfold step adds a similar amount and far less than tenfold
    steps = [b - a for a, b in zip(values, values[1:])]
    ratios = [b / a for a, b in zip(values, values[1:])]
    ok = all(r < 3 for r in ratios) and max(steps) <= 2 * max(min(steps), 1)
    return ok, (f"tenfold steps add {', '.join(f'{s:,.0f}' for s in steps)}; ratios "
                f"{', '.join(f'{r:.2f}' for r in ratios)} (logarithmic: similar steps, ratios < 3)")


def svg(series, sizes, values):
    width, height, left, right, top, bottom = 640, 360, 80, 20, 40, 50
    xs = [math.log10(s) for s in sizes]
    x0, x1 = min(xs), max(xs)
    px = lambda x: left + (x - x0) / ((x1 - x0) or 1) * (width - left - right)
    logarithmic_y = series["shape"] == "linear"  # a line a + b·size spans decades
    if logarithmic_y:
        lo, hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
        py = lambda y: height - bottom - (math.log10(y) - lo) / ((hi - lo) or 1) * (
            height - top - bottom)
        ticks = [10 ** e for e in range(lo, hi + 1)]
    else:
        y1 = max(values) * 1.1
        py = lambda y: height - bottom - y / y1 * (height - top - bottom)
        ticks = [y1 * i / 4 for i in range(5)]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">'
             f'{series["title"]}</text>']
    for y in ticks:
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{py(y):.1f}" y2="{py(y):.1f}" '
                     f'stroke="#ddd"/><text x="{left - 6}" y="{py(y) + 4:.1f}" text-anchor="end">'
                     f'{y:,.0f}</text>')
    for s, x in zip(sizes, xs):
        parts.append(f'<text x="{px(x):.1f}" y="{height - bottom + 18}" text-anchor="middle">'
                     f'{s:,}</text>')
    points = " ".join(f"{px(x):.1f},{py(v):.1f}" for x, v in zip(xs, values))
    parts.append(f'<polyline points="{points}" fill="none" stroke="#2060c0" stroke-width="2"/>')
    for x, v in zip(xs, values):
        parts.append(f'<circle cx="{px(x):.1f}" cy="{py(v):.1f}" r="3" fill="#2060c0"/>')
    unit = ("instructions per unit" + (" per size" if series["per"] else "")
            + (" (log scale)" if logarithmic_y else ""))
    parts.append(f'<text x="{width / 2}" y="{height - 10}" text-anchor="middle">'
                 f'size (log scale) — expected: {series["shape"]}</text>')
    parts.append(f'<text x="16" y="{height / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 16 {height / 2})">{unit}</text></svg>')
    return "\n".join(parts) + "\n"


def main():
    names = sys.argv[1:] or list(SERIES)
    unknown = [n for n in names if n not in SERIES]
    if unknown:
        sys.exit(f"unknown series {', '.join(unknown)}: {', '.join(SERIES)}")
    out.mkdir(exist_ok=True)
    failed = []
    sections = []
    for name in names:
        series = SERIES[name]
        sizes = series["sizes"]
        raw = [measure(series["scenario"], size, series["units"]) for size in sizes]
        values = [v / s for v, s in zip(raw, sizes)] if series["per"] else raw
        ok, detail = check(series["shape"], sizes, values)
        if not ok:
            failed.append(name)
        (out / f"{name}.svg").write_text(svg(series, sizes, values))
        header = "| size | " + " | ".join(f"{s:,}" for s in sizes) + " |"
        rule = "| --- |" + " --- |" * len(sizes)
        row = "| instructions | " + " | ".join(f"{v:,.1f}" for v in values) + " |"
        sections.append(
            f"### {series['title']}\n\n![{name}](Series/{name}.svg)\n\n"
            f"Scenario `{series['scenario'].format('N')}`. Expected: {series['expect']}. "
            f"Checked: {detail} — **{'as expected' if ok else 'NOT as expected'}**.\n\n"
            f"{header}\n{rule}\n{row}\n")
        print(f"{name}: {', '.join(f'{v:,.1f}' for v in values)} — {detail} — "
              f"{'ok' if ok else 'NOT AS EXPECTED'}")
    if names == list(SERIES):
        stamp = (f"Measured {datetime.date.today().isoformat()} on {platform.machine()}, "
                 f"{os.cpu_count()} cores, with `Benchmarks/Profile/series.py` (callgrind "
                 f"instructions, release build).")
        block = ("<!-- series:begin -->\n## Scaling series\n\n" + stamp + "\n\n"
                 + "\n".join(sections) + "<!-- series:end -->")
        text = results.read_text() if results.exists() else ""
        if "<!-- series:begin -->" in text:
            text = re.sub(r"<!-- series:begin -->.*<!-- series:end -->", lambda _: block, text,
                          flags=re.S)
        else:
            text = text.rstrip("\n") + "\n\n" + block + "\n"
        results.write_text(text)
    if failed:
        print(f"series not of their expected shape: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
