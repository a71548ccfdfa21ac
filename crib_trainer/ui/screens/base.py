"""What every trainer screen shares: typed access to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from crib_trainer.ui.app import CribTrainerApp


class TrainerScreen(Screen):
    @property
    def trainer(self) -> CribTrainerApp:
        return cast("CribTrainerApp", self.app)
