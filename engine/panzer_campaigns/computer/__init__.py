"""Computer players: `ComputerPlayer` follows the scenario's A/I orders for one side, and
`BaselinePlayer` is the naive opponent it is measured against. Both give their orders through the
same `Game` methods a human uses and see only what their side has spotted."""

from engine.panzer_campaigns.computer.baseline import BaselinePlayer
from engine.panzer_campaigns.computer.decision import Decision
from engine.panzer_campaigns.computer.player import ComputerPlayer

__all__ = ["BaselinePlayer", "ComputerPlayer", "Decision"]
