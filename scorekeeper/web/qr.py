"""QR codes of a game's or a group's links, drawn for the pages that show them."""
from __future__ import annotations


def qr_svg(link: str) -> str:
    """Draw ``link`` as a QR code in SVG, dark on light with a quiet zone, sharp at any size."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", border=4, dark="#000", light="#fff", omitsize=True,
                                    xmldecl=False, svgclass=None, lineclass=None)
    return out.getvalue().decode()
