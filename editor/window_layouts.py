"""Each ruleset family keeps its own arrangement of the window's panels: the Panzer panels and
the Tactical GameX ones share the dock areas, so switching from one family's title to the
other's and back would otherwise leave the first family's panels where the other's stood
(the Panzer panels of a window started on a situation came back squeezed into a strip, the
window taller than the screen). Kept in the settings beside the window's state."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from editor.rulesets import Family

STATE_KEY = "window/state_{family}"
"""The settings key of a family's own window state."""

FAMILY_KEY = "window/state_family"
"""The settings key of the family whose layout `window/state` holds."""


class FamilyLayouts:
    """The window states of the ruleset families, the one on screen included."""

    def __init__(self) -> None:
        self.states: dict[Family, QByteArray] = {}
        self.on_screen: Family | None = None
        """The family whose panels the window's layout arranges now; None before the first
        title is shown, when no saved layout says."""

    def load(self, store: QSettings) -> None:
        """Read the families' states, and which one the window's restored state is."""
        for family in Family:
            state = store.value(STATE_KEY.format(family=family.value))
            if isinstance(state, QByteArray) and not state.isEmpty():
                self.states[family] = state
        stored = store.value(FAMILY_KEY)
        # A layout saved before the families kept their own arrangements is a Panzer one.
        self.on_screen = Family(stored) if stored in {f.value for f in Family} else Family.PANZER

    def save(self, store: QSettings, current: QByteArray) -> None:
        """Write the families' states, the one on screen as `current`."""
        if self.on_screen is None:
            return
        self.states[self.on_screen] = current
        for family, state in self.states.items():
            store.setValue(STATE_KEY.format(family=family.value), state)
        store.setValue(FAMILY_KEY, self.on_screen.value)

    def switch(self, family: Family, current: QByteArray) -> QByteArray | None:
        """The window goes over to `family`'s panels: keep the state of the family it leaves
        (`current`) and give the one to restore, None when that family has none yet."""
        if family is self.on_screen:
            return None
        if self.on_screen is not None:
            # Not the window as it is built, before its first title: its sizes are not yet
            # the screen's.
            self.states[self.on_screen] = current
        self.on_screen = family
        return self.states.get(family)
