"""QR codes made on the server, with no network and no image library: SVG for the pages,
text for the terminal."""
from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def svg(data: str) -> str:
    """An inline SVG of ``data``'s QR code, scaled by its container."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    text = image.to_string(encoding="unicode")
    return text[text.index("<svg"):]


def text(data: str) -> str:
    """The QR code as block characters, for printing in a terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
