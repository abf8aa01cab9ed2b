"""The second look's network (``vision.learned_verifier`` runs it): whether a counted cube's top
is centred in a crop three cube edges wide.

Down to 1/8 in three halvings, the same plain convolutions, batch norm and ReLU as the counter's
network (``training.model``), then a convolution over the whole 6 x 6 map, so the answer
depends on where in the crop things lie: a top centred is a cube, the same top a third of the
crop aside is a second peak on it."""
from __future__ import annotations

import torch
from torch import nn

from training.model import block
from vision.learned_verifier import CHANNELS, SIDE


class VerifierNet(nn.Module):
    def __init__(self, width: int = 24):
        super().__init__()
        w = width
        self.body = nn.Sequential(
            block(CHANNELS, w), block(w, w, 2),
            block(w, 2 * w), block(2 * w, 2 * w, 2),
            block(2 * w, 4 * w), block(4 * w, 4 * w, 2),
            nn.Conv2d(4 * w, 4 * w, SIDE // 8), nn.ReLU(inplace=True),
            nn.Conv2d(4 * w, 1, 1),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x)
