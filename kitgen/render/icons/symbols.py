"""Signs and symbols: marks, body parts, stars, arrows, locks and doors."""

from __future__ import annotations

import math

from ._pen import Pen, Shape, arc_points, icon, star_points


@icon("skull")
def skull(p: Pen) -> None:
    head = p.shape().m(0, 46).c(24, 46, 40, 30, 40, 8).c(40, -8, 32, -16, 26, -22)
    head.l((-26, -22)).c(-32, -16, -40, -8, -40, 8).c(-40, 30, -24, 46, 0, 46).z()
    head.ellipse(-15, 2, 10, 11).ellipse(15, 2, 10, 11)  # eye sockets
    head.poly([(0, -6), (-6, -17), (6, -17)])  # nose
    p.fill(head)
    jaw = p.shape().rect(-24, -46, 48, 28, 5)
    for x in (-14, -5, 4, 13):
        jaw.rect(x - 0.5, -40, 2.5, 13)  # teeth gaps
    p.fill(jaw)


@icon("eye")
def eye(p: Pen) -> None:
    lid = p.shape().m(-48, 0).c(-30, 30, 30, 30, 48, 0).c(30, -30, -30, -30, -48, 0).z()
    lid.circle(0, 0, 20)
    p.fill(lid)
    pupil = p.shape().circle(0, 0, 13).circle(-5, 5, 4)
    p.fill(pupil)


@icon("blood")
def blood(p: Pen) -> None:
    drop = p.shape().m(0, 47).c(8, 28, 32, 6, 32, -14).c(32, -33, 17, -47, 0, -47)
    drop.c(-17, -47, -32, -33, -32, -14).c(-32, 6, -8, 28, 0, 47).z()
    drop.m(-19, -4).c(-24, -18, -18, -30, -7, -35).c(-14, -27, -17, -17, -19, -4).z()  # glint
    p.fill(drop)


@icon("splash")
def splash(p: Pen) -> None:
    # Radii chosen by hand: a round core thrown out into a few uneven arms.
    radii = [24, 40, 22, 26, 21, 43, 22, 25, 20, 35, 23, 27, 20, 41, 21, 26]
    pts = []
    for i, arm in enumerate(radii):
        a = math.radians(i * 360 / len(radii) + 8)
        pts.append((arm * math.cos(a), arm * math.sin(a)))
    p.fill(p.shape().smooth(pts))
    for x, y, r in (
        (-27, 38, 5),
        (44, -4, 4),
        (-44, 12, 3.5),
        (22, -42, 4.5),
        (40, 30, 3),
        (-40, -30, 4),
        (6, 45, 3),
    ):
        p.fill(p.shape().circle(x, y, r))


@icon("blast")
def blast(p: Pen) -> None:
    # Twelve uneven spikes (angle, reach) so it reads as a burst, not a badge.
    spikes = [
        (90, 48),
        (122, 37),
        (151, 47),
        (183, 35),
        (212, 45),
        (241, 39),
        (271, 48),
        (300, 36),
        (329, 46),
        (2, 39),
        (33, 48),
        (62, 36),
    ]
    pts = []
    for i, (a, r) in enumerate(spikes):
        a2, _ = spikes[(i + 1) % len(spikes)]
        mid = a + ((a2 - a) % 360) / 2
        pts.append((r * math.cos(math.radians(a)), r * math.sin(math.radians(a))))
        rv = 25 if i % 2 else 21
        pts.append((rv * math.cos(math.radians(mid)), rv * math.sin(math.radians(mid))))
    shape = p.shape().poly(pts).poly([(x * 0.55, y * 0.55) for x, y in pts])
    p.fill(shape)
    p.fill(p.shape().poly([(x * 0.32, y * 0.32) for x, y in pts]))


@icon("star")
def star(p: Pen) -> None:
    p.fill(p.shape().poly(star_points(5, 50, 20, 0, -5.5)))


@icon("arrow")
def arrow(p: Pen) -> None:
    p.fill(p.shape().poly([(-46, -12), (6, -12), (6, -32), (46, 0), (6, 32), (6, 12), (-46, 12)]))


def _shield(sh: Shape, s: float, dy: float = 0.0, half: bool = False) -> Shape:
    """A heater shield outline scaled by s; `half` keeps only the left half."""
    sh.m(0 if half else 38 * s, 40 * s + dy).l((-38 * s, 40 * s + dy), (-38 * s, 6 * s + dy))
    sh.c(-38 * s, -22 * s + dy, -18 * s, -38 * s + dy, 0, -48 * s + dy)
    if not half:
        sh.c(18 * s, -38 * s + dy, 38 * s, -22 * s + dy, 38 * s, 6 * s + dy)
    return sh.z()


@icon("shield")
def shield(p: Pen) -> None:
    with p.moved(0, 4):
        p.fill(_shield(_shield(p.shape(), 1.0), 0.8, dy=-1))
        p.fill(_shield(p.shape(), 0.8, dy=-1, half=True))


@icon("heart")
def heart(p: Pen) -> None:
    h = p.shape().m(0, -44).c(-20, -26, -47, -8, -47, 14).c(-47, 33, -35, 43, -23, 43)
    h.c(-12, 43, -4, 37, 0, 29).c(4, 37, 12, 43, 23, 43).c(35, 43, 47, 33, 47, 14)
    h.c(47, -8, 20, -26, 0, -44).z()
    p.fill(h)


@icon("hourglass")
def hourglass(p: Pen) -> None:
    p.fill(p.shape().rect(-34, 38, 68, 9, 3))
    p.fill(p.shape().rect(-34, -47, 68, 9, 3))
    glass = p.shape().m(-25, 38).c(-25, 14, -5, 8, -5, 0).c(-5, -8, -25, -14, -25, -38)
    glass.l((25, -38)).c(25, -14, 5, -8, 5, 0).c(5, 8, 25, 14, 25, 38).z()
    p.stroke(glass, 4)
    p.fill(p.shape().m(-15, 16).l((15, 16)).c(10, 10, 3, 8, 0, 2).c(-3, 8, -10, 10, -15, 16).z())
    p.line(2.5, (0, 2), (0, -26))
    p.fill(p.shape().m(-21, -36).c(-16, -26, -6, -22, 0, -22).c(6, -22, 16, -26, 21, -36).z())


@icon("dice")
def dice(p: Pen) -> None:
    face = p.shape().rect(-45, -45, 90, 90, 15)
    for x, y in ((-22, 22), (22, 22), (0, 0), (-22, -22), (22, -22)):
        face.circle(x, y, 8.5)
    p.fill(face)


@icon("flag")
def flag(p: Pen) -> None:
    p.fill(p.shape().rect(-42, -47, 7, 90, 2))
    p.fill(p.shape().circle(-38.5, 43, 5))
    cloth = p.shape().m(-36, 38).c(-16, 48, 2, 30, 20, 36).c(30, 40, 38, 40, 46, 38)
    cloth.l((46, 0)).c(38, 2, 30, 2, 20, -2).c(2, -8, -16, 10, -36, 0).z()
    p.fill(cloth)


@icon("lock")
def lock(p: Pen) -> None:
    body = p.shape().rect(-32, -46, 64, 52, 7)
    hole = [(4.5, -34)] + arc_points(0, -15, 8, -60, 240) + [(-4.5, -34)]
    body.poly(hole)
    p.fill(body)
    p.stroke(p.shape().m(-19, 6).l((-19, 22)).c(-19, 48, 19, 48, 19, 22).l((19, 6)), 9)


@icon("door")
def door(p: Pen) -> None:
    frame = p.shape().rect(-34, -47, 68, 94, 2).rect(-27, -47, 54, 87)
    p.fill(frame)
    leaf = p.shape().rect(-23, -47, 46, 83)
    leaf.rect(-16, 6, 32, 24, 2).rect(-16, -40, 32, 36, 2)
    leaf.circle(15, 1, 3.5)
    p.fill(leaf)


@icon("chip")
def chip(p: Pen) -> None:
    body = p.shape().rect(-28, -28, 56, 56, 5).rect(-17, -17, 34, 34, 3)
    p.fill(body)
    p.fill(p.shape().rect(-10, -10, 20, 20, 2))
    pins = p.shape()
    for t in (-18, -6, 6, 18):
        pins.rect(t - 3, 31, 6, 15, 1.5).rect(t - 3, -46, 6, 15, 1.5)
        pins.rect(31, t - 3, 15, 6, 1.5).rect(-46, t - 3, 15, 6, 1.5)
    p.fill(pins)


@icon("person")
def person(p: Pen) -> None:
    p.fill(p.shape().circle(0, 27, 19))
    body = p.shape().m(-36, -47).l((-36, -12)).c(-36, 0, -26, 6, -16, 6).l((16, 6))
    body.c(26, 6, 36, 0, 36, -12).l((36, -47)).z()
    p.fill(body)


@icon("house")
def house(p: Pen) -> None:
    p.fill(p.shape().rect(20, 14, 11, 26))  # chimney
    h = p.shape().poly([(0, 47), (48, 6), (37, 6), (37, -46), (-37, -46), (-37, 6), (-48, 6)])
    h.rect(6, -46, 18, 32, 0)  # door
    h.rect(-28, -18, 20, 18)  # window
    p.fill(h)
    p.fill(p.shape().rect(-19, -18, 2, 18).rect(-28, -10, 20, 2))  # window bars
