"""kitgen/render/rl_private.py against the installed ReportLab: each private attribute
kitgen uses is still there and still means what kitgen takes it to mean. A failure here
names the use a ReportLab release broke."""

from __future__ import annotations

import io
import zlib

import pytest
import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from kitgen.render import rl_private
from kitgen.render.fonts import FontBook

pytestmark = pytest.mark.reportlab  # the installed release's private attributes

RL = f"ReportLab {reportlab.Version}"


def _canvas(**kw) -> Canvas:
    return Canvas(io.BytesIO(), invariant=1, **kw)


def test_page_code_is_the_list_the_canvas_writes_its_operators_to():
    c = _canvas()
    code = rl_private.page_code(c)
    assert isinstance(code, list), f"{RL}: Canvas._code is no longer the page's operator list"
    c.rect(1, 2, 3, 4)
    assert code and code[-1].endswith("re S"), f"{RL}: Canvas.rect no longer writes to _code"


def test_pdf_document_names_fonts_and_xobjects():
    doc = rl_private.pdf_document(_canvas())
    assert doc.getInternalFontName("Helvetica").startswith("/F"), f"{RL}: Canvas._doc"
    assert doc.getXObjectName("x") == "FormXob.x", f"{RL}: Canvas._doc.getXObjectName"


def test_is_truetype_tells_an_embedded_font_from_a_standard_one():
    vera = FontBook().face("Vera")  # ReportLab's own TTF, registered as kitgen does
    assert rl_private.is_truetype(pdfmetrics.getFont(vera)), f"{RL}: TTFont._dynamicFont"
    assert not rl_private.is_truetype(pdfmetrics.getFont("Helvetica")), f"{RL}: _dynamicFont"


def test_a_form_placed_again_is_listed_as_drawImage_lists_it(tmp_path):
    from PIL import Image

    png = tmp_path / "a.png"
    Image.new("RGB", (4, 4), "#c04000").save(png)
    c = _canvas()
    c.drawImage(str(png), 0, 0, 10, 10)
    name = rl_private.last_form(c)
    assert rl_private.pdf_document(c).getXObjectName(name) in "".join(rl_private.page_code(c))
    c.showPage()
    rl_private.place_form_again(c, name)
    assert c._currentPageHasImages == 1, f"{RL}: Canvas._currentPageHasImages"
    assert c._formsinuse == [name], f"{RL}: Canvas._formsinuse"


def test_a_sealed_page_is_the_bytes_reportlab_writes_itself():
    def made(seal: bool) -> bytes:
        buf = io.BytesIO()
        with rl_private.without_ascii85():
            c = Canvas(buf, invariant=1, pageCompression=1)
            for n in range(2):
                c.drawString(72, 72, f"page {n}")
                c.showPage()
                if seal:
                    rl_private.seal_page(c)
            c.save()
        return buf.getvalue()

    assert made(True) == made(False), f"{RL}: a page's stream, compression or Contents"
    data = made(True)
    assert b"ASCII85Decode" not in data and b"FlateDecode" in data
    start = data.index(b"stream\n", data.index(b"page stream") if b"page stream" in data else 0)
    assert zlib.decompressobj().decompress(data[start + 7 :])  # plain zlib, no A85


def test_ascii85_is_off_only_while_a_document_is_made():
    before = rl_config.useA85
    with rl_private.without_ascii85():
        assert rl_config.useA85 == 0
    assert rl_config.useA85 == before
    with pytest.raises(RuntimeError), rl_private.without_ascii85():
        raise RuntimeError
    assert rl_config.useA85 == before


def test_importing_kitgen_changes_no_reportlab_setting():
    import subprocess
    import sys

    probe = (
        "from reportlab import rl_config\nbefore = dict(vars(rl_config))\n"
        "import kitgen.build, kitgen.render.pdf, kitgen.render.fonts\n"
        "changed = sorted(k for k, v in vars(rl_config).items() if before.get(k, v) is not v)\n"
        "print(changed)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_the_font_at_fault_is_read_from_reportlab_s_ttf_frames(tmp_path):
    from reportlab.pdfbase.ttfonts import TTFontFile

    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"\0\1\0\0" + b"\0" * 60)
    with pytest.raises(Exception) as caught:
        TTFontFile(str(broken))
    assert rl_private.font_file_at_fault(caught.value) == str(broken), f"{RL}: ttfonts frames"
    assert rl_private.font_file_at_fault(ValueError("elsewhere")) is None
