"""`python -m bench`: measure Hexwright on the generated benchmark title against its budget.

Prints one line per measured operation (best of N runs, or the median of five fresh processes
for the whole-process rows, its budget, OK or OVER; Tiled's figures for the same work beside
them when Tiled is installed), the title's file sizes and the peak memory of the process.
Always exits 0: it is a report, not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import sys
from pathlib import Path

from bench import (  # noqa: F401  # registers their rows
    balance,
    computer,
    diffing,
    oob_table,
    tactical_gamex,
    timeline,
    unit_types,
    whole_process,
)
from bench.generate import DEFAULT_SEED, DEFAULT_SIZE, ensure_title, read_stamp
from bench.measure import (
    EDITOR_PEAK_MEMORY_MB,
    REGISTRY,
    Measurement,
    Result,
    Title,
    editor_sessions,
    run_measurement,
)


def _selected(only: str | None) -> list[Measurement]:
    chosen = [m for m in REGISTRY if m.available()]
    if only is None:
        return chosen
    return [m for m in chosen if only.lower() in m.name.lower()]


def _seconds(value: float) -> str:
    return f"{value * 1000:.1f} ms" if value < 0.1 else f"{value:.3f} s"


def _bytes(value: int) -> str:
    return f"{value / 1e6:.2f} MB" if value >= 100_000 else f"{value / 1e3:.1f} kB"


def _print_table(results: list[Result], repeat: int) -> None:
    width = max(len(r.name) for r in results)
    print(f"{'operation':<{width}}  {'figure':>10}  {'budget':>10}")
    for result in results:
        if result.reference:
            budget, verdict = "", "(for comparison)"
        else:
            budget = _seconds(result.budget)
            verdict = "OK" if result.ok else f"OVER by {result.figure / result.budget - 1:.0%}"
        median = " (median)" if result.median else ""
        print(
            f"{result.name:<{width}}  {_seconds(result.figure):>10}  {budget:>10}  "
            f"{verdict}{median}"
        )
    print(
        f"(the best of {repeat} runs; whole-process rows: the median of their runs, each a fresh "
        "process)"
    )
    print("\nruns and notes:")
    for result in results:
        runs = ", ".join(_seconds(t) for t in result.times)
        print(f"  {result.name}: {runs}" + (f"\n    {result.note}" if result.note else ""))


def _profile(item: Measurement, title: Title) -> None:
    prepared = item.prepare(title)
    profiler = cProfile.Profile()
    try:
        profiler.runcall(prepared.run)
    finally:
        if prepared.cleanup is not None:
            prepared.cleanup()
    print(f"\nprofile of one run of '{item.name}' (cProfile adds overhead):")
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(30)


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print the report."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="map width and height")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best wins)")
    parser.add_argument("--only", metavar="NAME", help="measurements whose name contains NAME")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=argparse.SUPPRESS)
    parser.add_argument("--regenerate", action="store_true", help="regenerate the cached title")
    parser.add_argument(
        "--profile", action="store_true", help="also print a cProfile of one run of each"
    )
    parser.add_argument("--list", action="store_true", help="list the measurements and exit")
    parser.add_argument(
        "--win-rate",
        type=int,
        nargs="?",
        const=40,
        metavar="GAMES",
        help="instead, play the computer player against the naive baseline GAMES times on each "
        "sample scenario (default 40, half at each side; --only NAME: the scenarios whose "
        "file name contains NAME) and print its win rate",
    )
    args = parser.parse_args(argv)
    if args.win_rate is not None:
        computer.win_rates(args.win_rate, only=args.only)
        return 0

    selected = _selected(args.only)
    if args.list or not selected:
        if not selected:
            print(f"no measurement matches {args.only!r}; there are:")
        for item in REGISTRY:
            print(f"  {item.name} (budget {item.budget:g} s)")
        return 0

    folder = ensure_title(args.size, args.seed, args.regenerate)
    stamp = read_stamp(folder) or {}
    title = Title(folder)
    print(f"Hexwright benchmark: {args.size}x{args.size} title in {_relative(folder)}")
    print(
        f"  generator v{stamp.get('generator_version')}, seed {stamp.get('seed')}, "
        f"{stamp.get('units')} units, generated in {stamp.get('seconds')} s"
    )
    print()
    results = [run_measurement(item, title, max(1, args.repeat)) for item in selected]
    _print_table(results, max(1, args.repeat))
    if balance.scaling():
        print(f"\n{balance.scaling()}")

    print("\nfiles:")
    sizes = title.file_sizes()
    for name, size in sizes.items():
        print(f"  {name:<32} {_bytes(size):>10}")
    print(f"  {'total':<32} {_bytes(sum(sizes.values())):>10}")
    # ru_maxrss is in kilobytes on Linux.
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory of this process: {peak:.0f} MB")
    sessions = editor_sessions(title)
    editor_peak = sessions.peak_memory_mb()
    if editor_peak is not None:
        verdict = "OK" if editor_peak <= EDITOR_PEAK_MEMORY_MB else "OVER"
        print(
            f"peak memory of the editor with the title open: {editor_peak:.0f} MB "
            f"(budget {EDITOR_PEAK_MEMORY_MB} MB) {verdict}"
        )
        checks = sessions.best("check process peak memory MB") or 0.0
        print(
            f"  plus its live-check process: {checks:.0f} MB "
            f"(together {editor_peak + checks:.0f} MB)"
        )
        print("\neditor, more figures (best of the sessions):")
        for name in (
            "open to interactive, window only",
            "open to interactive, CPU",
            "stroke segment worst",
        ):
            value = sessions.best(name)
            if value is not None:
                print(f"  {name:<28} {_seconds(value):>10}")

    if args.profile:
        for item in selected:
            _profile(item, title)
    return 0


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


if __name__ == "__main__":
    sys.exit(main())
