"""Cards: reference cards drawn from blocks and imposed like counters, a deck's common back,
and reaction tables set as cards."""
