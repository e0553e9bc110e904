"""`hexwright balance`: many computer-vs-computer games of a scenario or a Tactical GameX
situation on every core or a Dask cluster, the balance they show, an A/B comparison with another
version, and expectations a designer's CI checks."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from editor.cli_commands import EXIT_ERRORS, EXIT_OK
from engine.balance import BalanceRun, BalanceSummary, GameRecord, compare, summarize
from engine.balance.cluster import ClusterError
from engine.balance.expectations import Expectation, parse_expectation
from engine.balance.playable import is_situation
from engine.balance.versions import other_version
from schemas.problems import printable

EXIT_INTERRUPTED = 130


def seed_range(text: str) -> range:
    """`A..B`, the seeds A to B inclusive.

    >>> seed_range("1..100")
    range(1, 101)
    """
    low, dots, high = text.strip().partition("..")
    try:
        first, last = int(low), int(high)
    except ValueError:
        first, last = 0, -1
    if not dots or first > last:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a range of seeds A..B (whole numbers, A at most B)"
        )
    return range(first, last + 1)


def expectation(text: str) -> Expectation:
    """An --expect argument; a usage error naming the problem."""
    try:
        return parse_expectation(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


class Progress:
    """Games finished out of the run's: a bar redrawn in place on a terminal, else a plain line
    at each tenth, on stderr (stdout keeps the report and JSON)."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.total, self.label = total, label
        self.stream = stream or sys.stderr
        self.done = self.failed = 0
        self.started = time.monotonic()
        self.tty = self.stream.isatty()
        self._next_line = 0

    def step(self, record: GameRecord) -> None:
        """One more game finished."""
        self.done += 1
        self.failed += not record.ok
        elapsed = time.monotonic() - self.started
        failed = f", {self.failed} failed" if self.failed else ""
        if self.tty:
            width = 30
            filled = width * self.done // max(1, self.total)
            bar = "#" * filled + "-" * (width - filled)
            end = "\n" if self.done == self.total else ""
            self.stream.write(
                f"\r{self.label} [{bar}] {self.done}/{self.total} games{failed}, "
                f"{elapsed:.0f} s{end}"
            )
            self.stream.flush()
        elif self.done >= self._next_line or self.done == self.total:
            self._next_line = self.done + max(1, self.total // 10)
            print(
                f"{self.label}: {self.done}/{self.total} games{failed}, {elapsed:.0f} s",
                file=self.stream,
                flush=True,
            )

    def close(self) -> None:
        """End a bar left unfinished (an interrupted run)."""
        if self.tty and self.done != self.total:
            self.stream.write("\n")


def replay_line(scenario: Path, seed: int) -> str:
    """The command that plays a run's game again, saved for the editor to open."""
    suffix = ".tgxplay.yaml" if is_situation(scenario) else ".testplay.yaml"
    return (
        f"hexwright play {shlex.quote(str(scenario))} --allied computer --axis computer "
        f"--seed {seed} --save {shlex.quote(f'seed-{seed}{suffix}')}"
    )


def _play(run: BalanceRun, label: str) -> None:
    progress = Progress(len(run.seeds), label)
    try:
        for record in run:
            progress.step(record)
    finally:
        progress.close()
    if run.note:
        print(printable(f"{label}: {run.note}"), file=sys.stderr)


def _failures(scenario: Path, records: list[GameRecord]) -> list[dict[str, Any]]:
    return [
        {"seed": r.seed, "error": r.error, "replay": replay_line(scenario, r.seed)}
        for r in records
        if not r.ok
    ]


def command_balance(args: argparse.Namespace) -> int:
    """Play the games, print the report (or JSON); 1 when an expectation fails, a game
    failed, the scenario cannot be played or the cluster cannot be used."""
    scenario = Path(args.scenario)
    seeds = args.seeds if args.seeds is not None else range(1, max(1, args.games) + 1)
    out = Path(args.out) if args.out else None
    with tempfile.TemporaryDirectory(prefix="hexwright-balance-") as workspace:
        try:
            other = other_version(scenario, args.against, Path(workspace)) if args.against else None
            runs = {"A" if other else "": _run(scenario, seeds, args, out, "a" if other else "")}
            if other is not None:
                runs["B"] = _run(other, seeds, args, out, "b")
        except (ValueError, OSError) as exc:  # unplayable, unreadable, or no other version
            print(printable(f"hexwright balance: {exc}"), file=sys.stderr)
            return EXIT_ERRORS
        try:
            for name, run in runs.items():
                _play(run, f"{name or 'balance'} {run.scenario.name}")
        except ClusterError as exc:
            print(printable(f"hexwright balance: {exc}"), file=sys.stderr)
            return EXIT_ERRORS
        except KeyboardInterrupt:
            kept = f"; the finished games are kept in {out}: run again to resume" if out else ""
            print(f"\nhexwright balance: interrupted{kept}", file=sys.stderr)
            return EXIT_INTERRUPTED
        return _report(args, runs)


def _run(
    scenario: Path, seeds: range, args: argparse.Namespace, out: Path | None, part: str
) -> BalanceRun:
    folder = (out / part if part else out) if out else None
    return BalanceRun(scenario, seeds, jobs=args.jobs, scheduler=args.scheduler, out_dir=folder)


def _report(args: argparse.Namespace, runs: dict[str, BalanceRun]) -> int:
    main = next(iter(runs.values()))
    summaries = {name: summarize(run.records, run.kind) for name, run in runs.items()}
    summary = summaries[next(iter(runs))]
    checks = [(e, e.holds(summary)) for e in args.expect]
    failures = {name: _failures(run.scenario, run.records) for name, run in runs.items()}
    comparison = None
    if "B" in runs:  # B's levels by its own names, a level it renamed matched to A's
        comparison = compare(main.records, runs["B"].records, main.kind, runs["B"].kind)
    where = args.scheduler or f"{main.jobs} local worker processes"
    if args.json:
        document: dict[str, Any] = {
            "scenario": str(main.scenario),
            "seeds": [main.seeds[0], main.seeds[-1]] if main.seeds else [],
            "played_on": where,
            "summary": summary.to_json(),
            "failed": failures[next(iter(runs))],
            "expectations": [
                {"expectation": e.text, "rate": e.rate(summary), "met": ok} for e, ok in checks
            ],
        }
        if comparison is not None:
            document["against"] = {
                "scenario": str(runs["B"].scenario),
                "summary": summaries["B"].to_json(),
                "failed": failures["B"],
            }
            document["comparison"] = comparison.to_json()
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        for name, run in runs.items():
            _print_summary(name, run, summaries[name], where, failures[name])
        if comparison is not None:
            print()
            print(comparison.text())
        for check, ok in checks:
            rate = check.rate(summary)
            verdict = "met" if ok else "NOT MET"
            print(f"Expectation {check.text}: {verdict} ({rate:.1%})")
    broken = any(failures.values())
    return EXIT_ERRORS if broken or not all(ok for _, ok in checks) else EXIT_OK


def _print_summary(
    name: str, run: BalanceRun, summary: BalanceSummary, where: str, failed: list[dict[str, Any]]
) -> None:
    title = run.playable.title
    seeds = f"seeds {run.seeds[0]}..{run.seeds[-1]}" if run.seeds else "no seeds"
    heading = f"{name}: " if name else ""
    print(printable(f"{heading}{title} ({run.scenario}), {seeds}, on {where}"))
    print(summary.text())
    if summary.median_game_seed is not None:
        print(f"Open the median game: {replay_line(run.scenario, summary.median_game_seed)}")
    if failed:
        print(f"Failed games ({len(failed)}), each replayable:")
        for failure in failed:
            print(printable(f"  seed {failure['seed']}: {failure['error']}"))
            print(printable(f"    {failure['replay']}"))
    print()
