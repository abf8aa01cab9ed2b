"""The tray finder's network (``vision.learned_tray`` runs it): whether each cell of a small
photo shows the tray.

An encoder down to 1/32 of the input, where a cell sees the whole tray and the table round it
(which walls are near, which far), and back up to 1/2 with skips: the same plain convolutions,
batch norm and ReLU as the counter's network (``training.model``). The first step measures the
photo against its own light (less its mean, over its spread, per channel), so a dim and a bright
table look alike."""
from __future__ import annotations

import torch
from torch import nn

from training.model import block, Residual


class TrayFinderNet(nn.Module):
    def __init__(self, width: int = 16):
        super().__init__()
        w = width
        self.s2 = nn.Sequential(block(3, w, 2), block(w, w))
        self.s4 = nn.Sequential(block(w, 2 * w, 2), block(2 * w, 2 * w))
        self.s8 = nn.Sequential(block(2 * w, 3 * w, 2), Residual(3 * w))
        self.s16 = nn.Sequential(block(3 * w, 4 * w, 2), Residual(4 * w))
        self.s32 = nn.Sequential(block(4 * w, 4 * w, 2), Residual(4 * w), Residual(4 * w))
        self.up16 = block(8 * w, 4 * w)
        self.up8 = block(7 * w, 3 * w)
        self.up4 = block(5 * w, 2 * w)
        self.up2 = block(3 * w, w)
        self.head = nn.Conv2d(w, 1, 1)
        self.upsample = nn.Upsample(scale_factor=2, mode="nearest")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        mean = x.mean(dim=(2, 3), keepdim=True)
        spread = torch.sqrt(((x - mean) ** 2).mean(dim=(2, 3), keepdim=True)) + 0.02
        x = (x - mean) / spread
        s2 = self.s2(x)
        s4 = self.s4(s2)
        s8 = self.s8(s4)
        s16 = self.s16(s8)
        s32 = self.s32(s16)
        u = self.up16(torch.cat([self.upsample(s32), s16], 1))
        u = self.up8(torch.cat([self.upsample(u), s8], 1))
        u = self.up4(torch.cat([self.upsample(u), s4], 1))
        u = self.up2(torch.cat([self.upsample(u), s2], 1))
        return self.head(u)
