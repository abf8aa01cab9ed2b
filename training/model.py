"""The learned counter's network: where the cubes' tops lie on the tray crop, and their colours.

Input (1 x 24 x H x W, H and W multiples of 16, BGR in 0..1): the throw's crop (3), the empty
tray's crop at the same place (3), and the six reference cubes' colours as constant planes
(6 x 3), so the network compares each pixel with the tray as it was and with the colours this
table's camera and light give the cubes. Output (1 x 4 x H/4 x W/4): the logit that a
counted cube's top-face centre lies in that cell, then the reference colour (BGR) named there.
Counting is finding peaks (``training.infer``), so a cluster of touching cubes is as many peaks
as it has tops.

The trunk goes down to 1/16 (a receptive field of several cubes, enough to tell a leaning
cube's side from a top and half a top from a whole one) and back up to 1/4 with skips, in
plain convolutions, batch norm and ReLU: operations OpenCV's ``dnn`` runs fast on one core.
With ``colour_branch`` the colour comes from a branch of its own (``TrayNet._colour``) that the
heatmap's trunk never learns from.

With ``references_as_bias`` the first convolutions run over the image planes alone and the
reference colours enter them as a bias per output channel: a 3 x 3 convolution over a
constant plane is that constant times the kernel's sum, except in the first row and column
(the padding), so the same function costs a quarter of the stem's work (about a fifth of a
frame's time at width 16), time a wider network can spend.

With ``light_ratio`` both stems also see the throw over the empty tray, per pixel, as a
logarithm (``_light_ratio``): what a shadow does to the floor, told apart from what a cube is.

With ``colour_names`` the input carries after the reference colours each slot's name as its
nominal paint (``vision.learned_input.named_colours``), and the colour branch reads it beside
the slot's reference colour: a reference top that misleads (glared white, seen through the
tray's hazy wall) still comes with what its cube's paint is.
"""
from __future__ import annotations

from collections.abc import Collection

import torch
from torch import nn

from vision.learned_input import MAX_COLOURS

IN_CHANNELS = 6 + 3 * MAX_COLOURS
OUT_CHANNELS = 4  # cube-centre logit, then the cube's reference colour BGR
STRIDE = 4
SEPARABLE_PARTS = ("stem", "down8", "residual8", "down16", "residuals16", "decoder", "colour")  # all but each stem's first layer
LIGHT_FLOOR = 0.02  # added to both photos before their ratio: about five grey levels of 255


def block(cin: int, cout: int, stride: int = 1, separable: bool = False) -> nn.Sequential:
    """A 3 x 3 convolution, batch norm and ReLU: the layer both networks are built of. With
    ``separable`` the 3 x 3 convolution sees each channel alone and a 1 x 1 one mixes them
    (MobileNet's depthwise-separable layer): at 16 input pixels a cube, where finer input
    finds more cubes, the width-32 network then takes about half the time a frame."""
    return nn.Sequential(*_convolution(cin, cout, stride, separable), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


def _convolution(cin: int, cout: int, stride: int, separable: bool) -> list[nn.Module]:
    if not separable:
        return [nn.Conv2d(cin, cout, 3, stride, 1, bias=False)]
    return [nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False), nn.BatchNorm2d(cin), nn.ReLU(inplace=True),
            nn.Conv2d(cin, cout, 1, bias=False)]


class Residual(nn.Module):
    def __init__(self, channels: int, separable: bool = False):
        super().__init__()
        self.body = nn.Sequential(block(channels, channels, separable=separable),
                                  *_convolution(channels, channels, 1, separable), nn.BatchNorm2d(channels))
        self.act = nn.ReLU(inplace=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.act(x + self.body(x))


class _BiasedStem(nn.Module):
    """A stride-2 first block over the image planes, the reference colours added before its
    batch norm as a bias per output channel (a 1 x 1 convolution of the colours)."""

    def __init__(self, planes: int, cout: int):
        super().__init__()
        image_in = 6 * (planes // IN_CHANNELS) + planes % IN_CHANNELS  # the planes after the copies are image planes too
        self.image = nn.Conv2d(image_in, cout, 3, 2, 1, bias=False)
        self.references = nn.Conv2d(planes - image_in, cout, 1, bias=False)
        self.rest = nn.Sequential(nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        copies = x.shape[1] // IN_CHANNELS  # 2 with the normalised planes beside the raw ones
        image = torch.cat([x[:, k * IN_CHANNELS : k * IN_CHANNELS + 6] for k in range(copies)] + [x[:, copies * IN_CHANNELS :]], 1)
        colours = torch.cat([x[:, k * IN_CHANNELS + 6 : (k + 1) * IN_CHANNELS, :1, :1] for k in range(copies)], 1)
        features = self.image(image)
        return self.rest(features + self.references(colours).expand_as(features))  # OpenCV adds only equal shapes


def _first(planes: int, cout: int, references_as_bias: bool) -> nn.Module:
    return _BiasedStem(planes, cout) if references_as_bias else block(planes, cout, 2)


class TrayNet(nn.Module):
    """``width`` scales every layer; the default keeps a 320 x 224 input near 10 ms on one core.

    ``separable`` names the parts (``SEPARABLE_PARTS``) whose layers are depthwise-separable,
    all of them for ``True``. At 16 pixels a cube the decoder does more than half the work
    (up4 alone, 160 channels in at 1/4, over a quarter), then the colour branch and the
    residual at 1/8; made depthwise throughout, width 32 learned too little
    (training/README.md)."""

    def __init__(self, width: int = 16, normalise: bool = False, colour_branch: bool = False,
                 references_as_bias: bool = False, light_ratio: bool = False,
                 separable: bool | Collection[str] = (), colour_names: bool = False):
        super().__init__()
        if colour_names and not colour_branch:
            raise ValueError("the colours' names are read by the colour branch: ask for colour_branch too")
        parts = set(SEPARABLE_PARTS if separable is True else separable or ())
        if parts - set(SEPARABLE_PARTS):
            raise ValueError(f"no such parts to make separable: {sorted(parts - set(SEPARABLE_PARTS))}")
        w = width
        self.normalise = normalise
        self.colour_branch = colour_branch
        self.light_ratio = light_ratio
        self.colour_names = colour_names
        self.in_channels = IN_CHANNELS + (3 * MAX_COLOURS if colour_names else 0)
        stem_in = (2 * IN_CHANNELS if normalise else IN_CHANNELS) + (3 if light_ratio else 0)
        self.stem = nn.Sequential(_first(stem_in, w, references_as_bias), block(w, 2 * w, 2, separable="stem" in parts))  # 1/4
        self.down8 = nn.Sequential(block(2 * w, 3 * w, 2, separable="down8" in parts), Residual(3 * w, "residual8" in parts))  # 1/8
        res16 = "residuals16" in parts
        self.down16 = nn.Sequential(block(3 * w, 4 * w, 2, separable="down16" in parts), Residual(4 * w, res16), Residual(4 * w, res16))  # 1/16
        dec = "decoder" in parts
        self.up8 = block(4 * w + 3 * w, 3 * w, separable=dec)
        self.up4 = block(3 * w + 2 * w, 2 * w, separable=dec)
        self.head = nn.Sequential(block(2 * w, 2 * w, separable=dec), nn.Conv2d(2 * w, 1 if colour_branch else OUT_CHANNELS, 1))
        self.head[-1].bias.data[0] = -4.0  # start out predicting few cubes, as CenterNet does
        if colour_branch:
            col = "colour" in parts
            self.colour_stem = nn.Sequential(_first(stem_in, w, references_as_bias), block(w, w, 2, separable=col), block(w, w, separable=col))  # 1/4
            per_slot = w + 2 * w + (6 if normalise else 3) + (3 if colour_names else 0)
            self.colour_score = nn.Sequential(nn.Conv2d(per_slot, w, 1), nn.ReLU(inplace=True), nn.Conv2d(w, 1, 1))
        self.upsample = nn.Upsample(scale_factor=2, mode="nearest")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        names = None
        if self.colour_names:
            x, names = x[:, :IN_CHANNELS], x[:, IN_CHANNELS:, :1, :1]
        if self.normalise:
            x = torch.cat([x, _by_empty_tray(x)], 1)
        if self.light_ratio:
            x = torch.cat([x, _light_ratio(x)], 1)
        s4 = self.stem(x)
        s8 = self.down8(s4)
        s16 = self.down16(s8)
        u8 = self.up8(torch.cat([self.upsample(s16), s8], 1))
        u4 = self.up4(torch.cat([self.upsample(u8), s4], 1))
        out = self.head(u4)
        if not self.colour_branch:
            return out
        return torch.cat([out, self._colour(x, u4, names)], 1)

    def _colour(self, x: torch.Tensor, u4: torch.Tensor, names: torch.Tensor | None = None) -> torch.Tensor:
        """The named colour as a mix of the six reference colours, weighted by how well each
        matches the pixels here: one scorer shared by all slots asks "is it this one?", a
        question that does not depend on the slots' order. It sees the trunk's features only
        behind a stop-gradient: sharing the trunk, the colour error held the loss near 1.1 and
        left black cubes unfound; apart, the heatmap learns as if colour were not asked.

        With ``names`` (N x 3 MAX_COLOURS x 1 x 1), each slot's cue also holds its name's
        nominal paint."""
        features = torch.cat([self.colour_stem(x), u4.detach()], 1)
        refs = [x[:, 6 + 3 * k : 9 + 3 * k, ::STRIDE, ::STRIDE] for k in range(MAX_COLOURS)]
        if self.normalise:
            cues = [torch.cat([r, x[:, IN_CHANNELS + 6 + 3 * k : IN_CHANNELS + 9 + 3 * k, ::STRIDE, ::STRIDE]], 1) for k, r in enumerate(refs)]
        else:
            cues = refs
        if names is not None:
            cues = [torch.cat([c, names[:, 3 * k : 3 * k + 3].expand(-1, -1, *c.shape[2:])], 1) for k, c in enumerate(cues)]
        scores = torch.softmax(torch.cat([self.colour_score(torch.cat([features, c], 1)) for c in cues], 1), 1)
        return sum(scores[:, k : k + 1] * refs[k] for k in range(MAX_COLOURS))


def _by_empty_tray(x: torch.Tensor) -> torch.Tensor:
    """Every BGR plane of the input measured against the empty tray's own light: less its
    mean, over its spread, per channel. A black cube on a black cloth differs from the cloth
    by a few hundredths of full scale; after this it differs as much as a red one on wood,
    so one network sees dim and bright tables alike."""
    empty = x[:, 3:6]
    mean = empty.mean(dim=(2, 3), keepdim=True)
    spread = torch.sqrt(((empty - mean) ** 2).mean(dim=(2, 3), keepdim=True)) + 0.02
    planes = x.shape[1] // 3
    return (x - torch.cat([mean] * planes, 1)) / torch.cat([spread] * planes, 1)


def _light_ratio(x: torch.Tensor) -> torch.Tensor:
    """The throw over the empty tray, per pixel and channel, as a logarithm. A shadow only
    dims what lay there, so here it is a flat step, the same in the three channels, and the
    printed board's pattern under it cancels; a cube puts its own colour in place of the
    floor's. On photos of set-ups it had not seen, the network without this took the square
    shadows of cubes under a low light for black cubes, and missed black cubes on the board;
    with it those misses fell, but the counts on set-ups no choice saw did not rise
    (training/README.md, ``ratio32``). ``LIGHT_FLOOR`` keeps the noise of the darkest pixels
    from ruling it."""
    return torch.log(x[:, :3] + LIGHT_FLOOR) - torch.log(x[:, 3:6] + LIGHT_FLOOR)


def parameters_bytes(model: nn.Module) -> int:
    """The weights' size as float32, what the ONNX file mostly holds."""
    return 4 * sum(p.numel() for p in model.parameters())
