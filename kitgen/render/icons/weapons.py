"""Weapons and military kit: blades, guns, a turret, a grenade, a helmet, a submarine."""

from __future__ import annotations

from ._pen import Pen, icon


@icon("sword")
def sword(p: Pen) -> None:
    # Designed upright, then laid on the diagonal to use the whole square.
    with p.moved(0, 0, -45):
        blade = p.shape().poly([(-6, -16), (6, -16), (6, 52), (0, 64), (-6, 52)])
        blade.rect(-1.3, -8, 2.6, 54)  # fuller
        p.fill(blade)
        p.fill(p.shape().rect(-21, -22, 42, 8, 3))  # crossguard
        p.fill(p.shape().rect(-4, -44, 8, 24, 1.5))  # grip
        p.fill(p.shape().circle(0, -49, 7))  # pommel


@icon("pistol")
def pistol(p: Pen) -> None:
    with p.moved(0, 4):
        slide = p.shape().rect(-44, 6, 90, 22, 3)
        for x in (-38, -33, -28):
            slide.rect(x, 10, 2.5, 14)  # grip serrations
        p.fill(slide)
        p.fill(p.shape().rect(39, 27, 4, 4))  # front sight
        p.fill(p.shape().poly([(-42, 8), (-14, 8), (-18, -42), (-42, -42), (-44, -36)]))  # grip
        p.fill(p.shape().poly([(-16, 8), (24, 8), (24, 1), (-16, 1)]))  # frame
        guard = p.shape().m(-14, 2).c(-12, -20, 10, -20, 12, 2)
        p.stroke(guard, 5)
        p.fill(p.shape().poly([(-4, 4), (2, 4), (-2, -10)]))  # trigger


@icon("shotgun")
def shotgun(p: Pen) -> None:
    # Drawn chunkier than life: a long gun at counter size needs the height to read.
    with p.moved(0, 2):
        p.fill(p.shape().rect(-6, 10, 54, 11, 2.5))  # barrel
        p.fill(p.shape().rect(-6, 0, 14, 8.5).rect(32, 0, 6, 8.5))  # magazine tube
        pump = p.shape().rect(6, -6, 28, 14.5, 4)
        for x in (11, 17, 23, 29):
            pump.rect(x - 1.2, -2.5, 2.4, 7.5, 1)
        p.fill(pump)
        p.fill(p.shape().poly([(-26, 21), (-4, 21), (-4, 0), (-26, -8)]))  # receiver
        stock = p.shape().m(-22, 19).l((-48, 11), (-48, -22)).c(-44, -25, -40, -24, -36, -21)
        stock.l((-26, -11), (-22, -6.5)).z()
        p.fill(stock)
        p.stroke(p.shape().m(-22, -6).c(-20, -21, -6, -21, -6, 0), 4.5)  # trigger guard


@icon("rifle")
def rifle(p: Pen) -> None:
    with p.moved(-1, 6):
        p.fill(p.shape().rect(22, 10, 24, 4.5))  # barrel
        p.fill(p.shape().rect(44, 8.5, 5, 7.5, 1))  # muzzle
        p.fill(p.shape().poly([(30, 14), (34, 14), (33, 22), (31, 22)]))  # front sight
        guard = p.shape().rect(2, 5, 24, 14, 3)
        for x in (7, 12, 17):
            guard.rect(x, 9, 2.5, 6)
        p.fill(guard)
        p.fill(p.shape().rect(-24, 3, 30, 17, 2))  # receiver
        p.fill(p.shape().rect(-18, 19, 12, 5, 1.5))  # rear sight
        p.fill(p.shape().poly([(-20, 18), (-48, 13), (-48, -6), (-43, -6), (-20, 4)]))  # stock
        p.fill(p.shape().poly([(-16, 4), (-7, 4), (-11, -18), (-20, -18)]))  # pistol grip
        mag = p.shape().m(-1, 4).l((10, 4)).c(11, -10, 15, -20, 22, -29)
        mag.l((11, -34)).c(6, -22, 1, -10, -1, 4).z()
        p.fill(mag)  # curved magazine


@icon("turret")
def turret(p: Pen) -> None:
    p.fill(p.shape().rect(-46, -46, 92, 9, 3))  # base plate
    p.fill(p.shape().poly([(-22, -38), (22, -38), (17, -26), (-17, -26)]))  # pedestal
    with p.moved(0, 2, 22):
        p.fill(p.shape().rect(10, 4, 34, 7, 1.5))
        p.fill(p.shape().rect(10, -8, 34, 7, 1.5))
        p.fill(p.shape().rect(40, 2.5, 6, 10, 1))
        p.fill(p.shape().rect(40, -9.5, 6, 10, 1))
    body = p.shape().m(-34, -24).l((30, -24), (30, -6)).c(30, 12, 16, 20, -2, 20)
    body.c(-20, 20, -34, 12, -34, -6).z()
    body.rect(-24, -4, 16, 6, 2.5)  # vision slit
    p.fill(body)


@icon("grenade")
def grenade(p: Pen) -> None:
    body = p.shape().ellipse(-4, -14, 27, 32)
    with p.clipped(body):
        cells = p.shape()
        for row in range(6):
            for col in range(5):
                cells.rect(-31 + col * 11.5, -46 + row * 11, 9.5, 9, 1.5)
        p.fill(cells)
    p.fill(p.shape().rect(-14, 15, 20, 10, 2))  # neck
    p.fill(p.shape().rect(-16, 24, 24, 8, 2))  # fuse head
    lever = p.shape().m(4, 32).l((12, 32)).c(24, 28, 30, 14, 28, -8)
    lever.c(24, 8, 18, 22, 4, 26).z()
    p.fill(lever)
    p.stroke(p.shape().circle(-24, 36, 8), 4)  # pull ring


@icon("crosshair")
def crosshair(p: Pen) -> None:
    p.stroke(p.shape().circle(0, 0, 32), 7)
    for a, b in (
        ((0, 18), (0, 46)),
        ((0, -18), (0, -46)),
        ((18, 0), (46, 0)),
        ((-18, 0), (-46, 0)),
    ):
        p.line(7, a, b)
    p.fill(p.shape().circle(0, 0, 5))


@icon("soldier-helmet")
def soldier_helmet(p: Pen) -> None:
    with p.moved(0, 6):
        shell = p.shape().m(-48, -18).c(-44, -14, -40, -10, -39, -2).c(-37, 26, -20, 40, 0, 40)
        shell.c(20, 40, 37, 26, 39, -2).c(40, -10, 44, -14, 48, -18).z()
        shell.m(-37, -6).c(-20, -2, 20, -2, 37, -6).l((37, -10)).c(20, -6, -20, -6, -37, -10).z()
        p.fill(shell)
        p.stroke(p.shape().m(-28, -16).c(-24, -46, 24, -46, 28, -16), 3.5)  # chin strap


@icon("submarine")
def submarine(p: Pen) -> None:
    with p.moved(0, -6):
        hull = p.shape().m(-38, -16).l((28, -16)).c(44, -16, 48, -8, 48, -4)
        hull.c(48, 0, 44, 8, 28, 8).l((-38, 8)).c(-44, 8, -44, -16, -38, -16).z()
        for x in (-22, -8, 6, 20):
            hull.circle(x, -4, 3.5)  # portholes
        p.fill(hull)
        p.fill(p.shape().poly([(-10, 7), (16, 7), (12, 26), (-6, 26)]))  # sail
        p.fill(p.shape().poly([(-20, 22), (-6, 22), (-6, 18), (-20, 18)]))  # dive planes
        p.line(4, (6, 26), (6, 40), (14, 40))  # periscope
        p.fill(p.shape().poly([(-40, -2), (-49, 12), (-43, 12), (-34, 2)]))  # rudder
        p.fill(p.shape().poly([(-40, -10), (-49, -22), (-43, -22), (-34, -12)]))
