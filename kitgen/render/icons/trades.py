"""Trades and roles: tools and emblems for professions and leaders."""

from __future__ import annotations

from ._pen import Pen, icon


@icon("hammer")
def hammer(p: Pen) -> None:
    with p.moved(2, -2, -40):
        p.fill(p.shape().rect(-4.5, -58, 9, 72, 3))  # handle
        head = p.shape().m(-30, 12).l((-30, 32), (8, 32)).c(18, 32, 27, 28, 32, 18)
        head.c(24, 21, 16, 20, 8, 16).l((8, 12)).z()
        p.fill(head)
        p.fill(p.shape().rect(-34, 10, 8, 24, 2))  # striking face


@icon("book")
def book(p: Pen) -> None:
    for side in (-1, 1):
        page = p.shape().m(side * 3, -32).c(side * 16, -41, side * 32, -41, side * 47, -34)
        page.l((side * 47, 34)).c(side * 32, 41, side * 16, 41, side * 3, 32).z()
        for y in (20, 10, 0, -10, -20):
            page.rect(side * 10 if side > 0 else -38, y - (2 if y < -15 else 0), 28, 3)
        p.fill(page)


@icon("gavel")
def gavel(p: Pen) -> None:
    with p.moved(-8, 10, -45):
        p.fill(p.shape().rect(-4, -52, 8, 50, 3))  # handle
        head = p.shape().rect(-24, -6, 48, 22, 5)
        p.fill(head)
        p.fill(p.shape().rect(-28, -8, 7, 26, 2))
        p.fill(p.shape().rect(21, -8, 7, 26, 2))
    p.fill(p.shape().rect(-8, -47, 54, 10, 3))  # sound block
    p.fill(p.shape().rect(0, -38, 38, 5, 2))


@icon("brush")
def brush(p: Pen) -> None:
    with p.moved(0, 0, -45):
        p.fill(p.shape().m(-5, 2).l((5, 2), (3.5, 62)).c(3.5, 66, -3.5, 66, -3.5, 62).z())
        ferrule = p.shape().rect(-8, -16, 16, 20, 2).rect(-8, -6, 16, 2.5)
        p.fill(ferrule)
        tip = p.shape().m(-8, -18).l((8, -18)).c(10, -32, 8, -44, 0, -60)
        tip.c(-8, -44, -10, -32, -8, -18).z()
        p.fill(tip)


@icon("medkit")
def medkit(p: Pen) -> None:
    p.stroke(p.shape().m(-14, 30).l((-14, 40), (14, 40), (14, 30)), 7)
    case = p.shape().rect(-46, -40, 92, 68, 8)
    case.poly(
        [
            (-7, 7),
            (-7, 19),
            (7, 19),
            (7, 7),
            (19, 7),
            (19, -7),
            (7, -7),
            (7, -19),
            (-7, -19),
            (-7, -7),
            (-19, -7),
            (-19, 7),
        ]
    )
    p.fill(case)


@icon("crown")
def crown(p: Pen) -> None:
    body = p.shape().poly([(-38, -20), (-42, 26), (-20, 4), (0, 34), (20, 4), (42, 26), (38, -20)])
    body.circle(0, -6, 5).circle(-20, -8, 4).circle(20, -8, 4)
    p.fill(body)
    p.fill(p.shape().rect(-40, -36, 80, 11, 2))
    for x, y in ((-42, 30), (0, 39), (42, 30)):
        p.fill(p.shape().circle(x, y, 6))


@icon("bulb")
def bulb(p: Pen) -> None:
    glass = p.shape().m(-14, -16).c(-14, -6, -31, 0, -31, 16).c(-31, 34, -17, 46, 0, 46)
    glass.c(17, 46, 31, 34, 31, 16).c(31, 0, 14, -6, 14, -16).z()
    glass.m(-22, 16).c(-23, 28, -16, 36, -5, 38).c(-13, 33, -18, 26, -22, 16).z()  # glint
    p.fill(glass)
    p.fill(p.shape().rect(-15, -27, 30, 8, 3.5))
    p.fill(p.shape().rect(-15, -37, 30, 8, 3.5))
    p.fill(p.shape().m(-9, -39).l((9, -39)).c(7, -46, -7, -46, -9, -39).z())
