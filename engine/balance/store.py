"""A balance run's folder (`--out DIR`): one JSON line per finished game in `games.jsonl`, and in
`run.json` the digest of the scenario version they were played on, so that a run started again
on the same folder plays only the seeds not finished yet."""

from __future__ import annotations

import json
from pathlib import Path

from engine.balance.game_record import GameRecord

GAMES = "games.jsonl"
RUN = "run.json"
PREVIOUS = "games.previous.jsonl"


class RunStore:
    """The records kept in `folder` for one scenario version (`digest`)."""

    def __init__(self, folder: Path, scenario: Path, digest: str) -> None:
        self.folder = folder
        self.scenario = scenario
        self.digest = digest
        self.note: str | None = None
        """What opening the folder found worth telling: games resumed or a fresh start."""

    def open(self) -> dict[int, GameRecord]:
        """The games already played to their end on this scenario version, by seed (a game
        that failed is played again). When the folder's games were played on another version
        of the scenario they are set aside in `games.previous.jsonl` and none is kept."""
        self.folder.mkdir(parents=True, exist_ok=True)
        games, run = self.folder / GAMES, self.folder / RUN
        kept: dict[int, GameRecord] = {}
        if games.exists():
            before = _read_json(run)
            if before.get("digest") != self.digest:
                games.replace(self.folder / PREVIOUS)
                self.note = (
                    f"{self.scenario.name} changed since the games in {self.folder} were "
                    f"played: starting afresh (the old games are in {PREVIOUS})"
                )
            else:
                kept = {r.seed: r for r in _read_records(games) if r.ok}
                with games.open("rb+") as stream:  # a line cut short must not swallow the next
                    stream.seek(0, 2)
                    if stream.tell() and (stream.seek(-1, 2), stream.read(1))[1] != b"\n":
                        stream.write(b"\n")
                if kept:
                    self.note = f"{len(kept)} games already played in {self.folder} are kept"
        run.write_text(
            json.dumps({"scenario": str(self.scenario), "digest": self.digest}, indent=2) + "\n",
            encoding="utf-8",
        )
        return kept

    def append(self, record: GameRecord) -> None:
        """Keep one finished game (flushed at once: a run killed later keeps it)."""
        with (self.folder / GAMES).open("a", encoding="utf-8") as stream:
            stream.write(json.dumps(record.to_json(), ensure_ascii=False) + "\n")


def _read_json(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _read_records(path: Path) -> list[GameRecord]:
    """The records of a games file; a line cut short by a run killed while writing is skipped."""
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(GameRecord.from_json(json.loads(line)))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    return records
