"""Template sheets: each template kind drawn at 1:1 and packed onto pages (printed and
outline-only for transparency film)."""
