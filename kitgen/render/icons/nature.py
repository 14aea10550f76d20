"""Nature: water, fire, plants, animals."""

from __future__ import annotations

from ._pen import Pen, icon


@icon("waves")
def waves(p: Pen) -> None:
    for y in (26, 0, -26):
        w = p.shape().m(-44, y).c(-36, y + 10, -26, y + 10, -18, y)
        w.c(-10, y - 10, 0, y - 10, 8, y).c(16, y + 10, 26, y + 10, 34, y)
        w.c(38, y - 5, 42, y - 6, 44, y - 6)
        p.stroke(w, 8)


@icon("flame")
def flame(p: Pen) -> None:
    f = p.shape().m(0, -47).c(22, -47, 36, -33, 36, -13).c(36, 8, 20, 22, 6, 47)
    f.c(4, 30, -4, 22, -11, 15).c(-11, 24, -15, 30, -24, 35)
    f.c(-34, 16, -36, 4, -36, -13).c(-36, -33, -22, -47, 0, -47).z()
    f.m(0, -39).c(12, -39, 19, -31, 19, -21).c(19, -10, 9, -2, 3, 12)
    f.c(-1, 2, -19, -6, -19, -21).c(-19, -31, -12, -39, 0, -39).z()
    p.fill(f)


@icon("wheat")
def wheat(p: Pen) -> None:
    with p.moved(0, -2, -28):
        p.line(4.5, (0, -52), (0, 40))
        for y in (-10, 4, 18, 32):
            for side in (-1, 1):
                with p.moved(side * 7, y, -side * 32):
                    p.fill(p.shape().ellipse(0, 0, 5.5, 11))
        p.fill(p.shape().ellipse(0, 48, 5, 10))
        leaf = p.shape().m(0, -40).c(8, -34, 16, -26, 20, -14).c(10, -20, 4, -28, 0, -34).z()
        p.fill(leaf)


@icon("tree")
def tree(p: Pen) -> None:
    p.fill(
        p.shape().poly(
            [
                (0, 48),
                (21, 22),
                (11, 22),
                (31, -4),
                (19, -4),
                (41, -31),
                (6, -31),
                (6, -47),
                (-6, -47),
                (-6, -31),
                (-41, -31),
                (-19, -4),
                (-31, -4),
                (-11, 22),
                (-21, 22),
            ]
        )
    )


@icon("grass")
def grass(p: Pen) -> None:
    base = -40
    # (base x, base width, tip x, tip y): blades fan out from a common clump.
    blades = (
        (-24, 10, -45, 14),
        (-12, 11, -22, 40),
        (0, 12, 2, 47),
        (12, 11, 24, 38),
        (24, 10, 45, 16),
        (-6, 9, -34, -8),
        (8, 9, 36, -6),
    )
    for bx, w, tx, ty in blades:
        h = ty - base
        lean = (bx - tx) * 0.15
        b = p.shape().m(bx - w / 2, base)
        b.c(bx - w / 2, base + h * 0.45, tx - w * 0.25 + lean, ty - h * 0.3, tx, ty)
        b.c(tx + w * 0.25 + lean, ty - h * 0.3, bx + w / 2, base + h * 0.45, bx + w / 2, base)
        p.fill(b.z())
    p.fill(p.shape().rect(-46, -47, 92, 9, 4.5))


@icon("fish")
def fish(p: Pen) -> None:
    body = p.shape().m(47, 0).c(36, 20, 12, 26, -8, 21).c(-20, 18, -28, 10, -32, 4)
    body.l((-47, 22), (-42, 0), (-47, -22), (-32, -4))
    body.c(-28, -10, -20, -18, -8, -21).c(12, -26, 36, -20, 47, 0).z()
    body.circle(31, 4, 4)
    body.m(18, 15).c(11, 6, 11, -6, 18, -15).c(15, -6, 15, 6, 18, 15).z()
    p.fill(body)
    p.fill(p.shape().m(-12, 17).c(-6, 34, 6, 36, 14, 30).c(6, 24, 0, 20, -2, 19).z())


@icon("duck")
def duck(p: Pen) -> None:
    body = p.shape().m(-47, 16).c(-42, 2, -41, -6, -39, -14).c(-36, -32, -18, -41, 2, -41)
    body.c(26, -41, 41, -30, 41, -13).c(41, -2, 34, 4, 24, 4).c(6, 4, -14, 0, -26, 2)
    body.c(-34, 4, -41, 8, -47, 16).z()
    body.m(-30, -9).c(-14, -9, 6, -11, 16, -19).c(14, -33, -6, -35, -16, -25)
    body.c(-22, -19, -25, -14, -30, -9).z()  # wing
    p.fill(body)
    p.fill(p.shape().circle(15, 20, 18).circle(20, 26, 3.8))
    p.fill(p.shape().m(29, 26).c(38, 27, 45, 24, 49, 16).c(42, 12, 35, 12, 29, 14).z())
