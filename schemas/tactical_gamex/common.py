"""What every Tactical GameX file shares: the ruleset field, the format version, native hex
addresses as designers write them ("Village A2") and the note that marks sample data.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, StringConstraints

from schemas.vocabulary import Ruleset, ruleset_spelling

TGX_FORMAT_VERSION = 1
"""The format version of every Tactical GameX file kind (they are new: version 1)."""

TgxRuleset = Annotated[Literal["tactical_gamex"], BeforeValidator(ruleset_spelling)]
"""`tactical_gamex` (also read as `tactical-gamex`): the ruleset a Tactical GameX file declares,
`Ruleset.TACTICAL_GAMEX`."""

assert Ruleset.TACTICAL_GAMEX.value == "tactical_gamex"

PanelId = Annotated[
    str, StringConstraints(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_\-]*$")
]
"""A panel's Map ID as the rules write it before a hex: `A`, `Village`, `PL4` [003 3.0]."""

ADDRESS_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_\-]* [A-Z]{1,2}[0-9]{1,3}$"

Address = Annotated[str, StringConstraints(pattern=ADDRESS_PATTERN)]
"""A hex by its native address: Map ID, a space, column letters and row number, as the rules
write "Village A2" [003 3.0]. A seam hex may be written with either panel's address."""

VERSION_FIELD = Field(
    description="Version of the file format; older versions are migrated on load."
)
