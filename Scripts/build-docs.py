#!/usr/bin/env python3
"""Builds the API documentation of the library modules (MODULES) as one static DocC site in
.build-docs/site (git-ignored). Usage: python3 Scripts/build-docs.py [--hosting-base-path PATH].
Needs only the toolchain (swift, swift-symbolgraph-extract, docc).

Fails (exit 1) on any DocC warning (broken symbol or article link, undocumented parameter,
ambiguous link: `--warnings-as-errors`), on a public symbol without a doc comment, on a top-level
symbol or operator that no topic group organises, on a guide of Docs/ that no catalog holds, and
on a ```swift block in a catalog (code lives in the guides, where it is compiled).

The guides stay in Docs/ (one copy, checked by Tests/DocumentationTests/SnippetCheckTests.swift).
Each committed catalog Sources/<Module>/<Module>.docc holds the landing page <Module>.md (and
documentation extensions); the landing page names its guides with `<doc:NAME>` links, and this
script copies Docs/NAME.md into a temporary copy of the catalog under .build-docs/catalogs. A guide
whose name is taken by a symbol of the module (Store.md next to the class Store) is linked as
`<doc:NAME-Guide>` and copied under that name. Links to another module start with a slash
(``/ReactiveCore/Observable``): the modules are converted one by one, each against the archives
of the modules it depends on, then merged into one site.
"""
import json, pathlib, platform, re, shutil, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / ".build-docs"
# In dependency order: each module links against the archives of the modules before it.
MODULES = ["ReactiveCore", "ReactiveMVI", "ReactiveTesting", "ReactiveMVITesting", "ReactiveBlocking"]
# Symbol pages whose every member a topic group of the catalog must organise (the operators).
CURATED_PAGES = {"ReactiveCore": ["ObservableType"]}


def run(*args):
    print("+ " + " ".join(str(a) for a in args), flush=True)
    if subprocess.run([str(a) for a in args], cwd=ROOT).returncode != 0:
        fail(f"{args[0]} {args[1]} failed (its messages are above)")


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(1)


def symbol_graphs():
    """Builds the libraries and extracts one symbol graph per module, without the members that
    types only inherit from protocol extensions (every subject would repeat all operators) and
    without the symbols ReactiveMVI re-exports from ReactiveCore (they belong to ReactiveCore)."""
    for module in MODULES:
        run("swift", "build", "--target", module)
    bin_path = pathlib.Path(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                       capture_output=True, text=True).stdout.strip())
    modules = bin_path / "Modules" if (bin_path / "Modules").is_dir() else bin_path
    info = json.loads(subprocess.run(["swiftc", "-print-target-info"], check=True,
                                     capture_output=True, text=True).stdout)
    # C targets (CReactiveCoreSupport) are found through the module maps SwiftPM writes for them.
    c_modules = [arg for map in sorted(bin_path.glob("*.build/module.modulemap"))
                 for arg in ("-I", map.parent)]
    sdk = []
    if platform.system() == "Darwin":
        sdk = ["-sdk", subprocess.run(["xcrun", "--show-sdk-path"], check=True,
                                      capture_output=True, text=True).stdout.strip()]
    for module in MODULES:
        directory = OUT / "symbol-graphs" / module
        shutil.rmtree(directory, ignore_errors=True)
        directory.mkdir(parents=True)
        run("swift-symbolgraph-extract", "-module-name", module, "-I", modules, *c_modules,
            "-target", info["target"]["triple"], *sdk, "-output-dir", directory,
            "-minimum-access-level", "public", "-skip-synthesized-members",
            "-emit-extension-block-symbols")


def catalogs():
    """Copies each committed catalog and the guides its landing page names to .build-docs."""
    guides = {path.stem: path for path in (ROOT / "Docs").glob("*.md")}
    placed = {}
    for module in MODULES:
        source = ROOT / "Sources" / module / f"{module}.docc"
        target = OUT / "catalogs" / f"{module}.docc"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)
        for page in source.glob("*.md"):
            if "```swift" in page.read_text():
                fail(f"{page.relative_to(ROOT)}: a ```swift block; code belongs in a guide of "
                     "Docs/, where Tests/DocumentationTests compiles it")
        landing = (source / f"{module}.md").read_text()
        for name in re.findall(r"<doc:([A-Za-z0-9_-]+)>", landing):
            guide = name.removesuffix("-Guide")
            if guide not in guides or (target / f"{name}.md").exists():
                continue  # an article of the catalog itself, or a guide named twice
            if guide in placed:
                fail(f"Docs/{guide}.md is in the catalogs of both {placed[guide]} and {module}")
            placed[guide] = module
            shutil.copyfile(guides[guide], target / f"{name}.md")
    missing = sorted(set(guides) - set(placed))
    if missing:
        fail("guides in no catalog: " + ", ".join(f"Docs/{g}.md" for g in missing) +
             ". Name each in a `### Guides` topic group of a landing page "
             "(Sources/<Module>/<Module>.docc/<Module>.md) as <doc:NAME>.")


def convert(extra):
    archives = []
    for module in MODULES:
        archive = OUT / "archives" / f"{module}.doccarchive"
        shutil.rmtree(archive, ignore_errors=True)
        archive.parent.mkdir(parents=True, exist_ok=True)
        dependencies = [arg for a in archives for arg in ("--dependency", a)]
        run("docc", "convert", OUT / "catalogs" / f"{module}.docc",
            "--additional-symbol-graph-dir", OUT / "symbol-graphs" / module,
            "--output-path", archive, "--fallback-display-name", module,
            "--fallback-bundle-identifier", module, "--warnings-as-errors",
            "--enable-experimental-external-link-support", *dependencies,
            "--experimental-documentation-coverage", "--coverage-summary-level", "brief",
            "--transform-for-static-hosting", *extra)
        check(module, archive)
        archives.append(archive)
    return archives


def check(module, archive):
    """DocC warns about neither a symbol without documentation nor a symbol that no topic group
    organises, so read its coverage report and the module's page: a symbol without an abstract
    fails, and so does a top-level symbol that the landing page does not curate or a member of a
    page in CURATED_PAGES that the page's extension file does not curate (for members, DocC's
    curation flag: an uncurated overload can end up in no group at all)."""
    problems = []
    sources = {}  # "Type/member(_:)" -> ["Sources/...swift:LINE"], to say where to write
    for graph in (OUT / "symbol-graphs" / module).glob("*.symbols.json"):
        for symbol in json.loads(graph.read_text())["symbols"]:
            location = symbol.get("location")
            if location:
                file = location["uri"].removeprefix("file://").removeprefix(str(ROOT) + "/")
                line = location["position"]["line"] + 1
                sources.setdefault("/".join(symbol["pathComponents"]), []).append(f"{file}:{line}")
    for entry in json.loads((archive / "documentation-coverage.json").read_text()):
        kind = entry["kind"]
        if not kind.get("isSymbol") or kind["name"].startswith("Extended") \
                or kind["name"] == "Module":
            continue
        path = entry["referencePath"].split(f"/documentation/{module}/", 1)[-1]
        where = sources.get(path) or sources.get(re.sub(r"-[^/]*$", "", path), ["?"])
        where = f"({kind['name']}) at {', '.join(where)}"
        if not entry["hasAbstract"]:
            problems.append(f"no doc comment: {path} {where}")
        parts = path.split("/")
        if len(parts) == 2 and parts[0] in CURATED_PAGES.get(module, []) \
                and not entry["isCurated"]:
            problems.append(f"in no topic group of Sources/{module}/{module}.docc/{parts[0]}.md: "
                            f"{path} {where}")
    # DocC counts every top-level symbol as curated; those left out of the landing page's topic
    # groups show up in the automatic groups it adds to the module's page.
    landing = json.loads((archive / "data" / "documentation" / f"{module.lower()}.json").read_text())
    for section in landing.get("topicSections", []):
        if section.get("generated") and section.get("title") != "Extended Modules":
            for identifier in section["identifiers"]:
                path = identifier.split(f"/documentation/{module}/", 1)[-1]
                problems.append(f"in no topic group of Sources/{module}/{module}.docc/{module}.md: "
                                f"{path} (at {', '.join(sources.get(path, ['?']))})")
    if problems:
        fail(f"{module}: {len(problems)} problem(s)\n  " + "\n  ".join(problems) +
             "\nWrite a /// comment on each undocumented symbol; list each symbol in no topic "
             "group as ``NAME`` under a ### group of that page (DocC suggests the suffix that "
             "tells overloads apart).")


def main():
    extra = []
    if len(sys.argv) == 3 and sys.argv[1] == "--hosting-base-path":
        extra = ["--hosting-base-path", sys.argv[2]]
    elif len(sys.argv) != 1:
        fail("usage: python3 Scripts/build-docs.py [--hosting-base-path PATH]")
    symbol_graphs()
    catalogs()
    archives = convert(extra)
    site = OUT / "site"
    shutil.rmtree(site, ignore_errors=True)
    run("docc", "merge", *archives, "--output-path", site,
        "--synthesized-landing-page-name", "ReactiveMVI",
        "--synthesized-landing-page-kind", "Package",
        "--synthesized-landing-page-topics-style", "list")
    # DocC's pages live under documentation/; its root index.html shows "page not found".
    (site / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>ReactiveMVI documentation</title>'
        '<meta http-equiv="refresh" content="0; url=documentation/">'
        '<a href="documentation/">ReactiveMVI documentation</a>\n')
    print(f"\nDocumentation site: {site.relative_to(ROOT)}/. Open it with\n"
          f"  python3 -m http.server --directory {site.relative_to(ROOT)} 8000\n"
          f"and http://localhost:8000/")


if __name__ == "__main__":
    main()
