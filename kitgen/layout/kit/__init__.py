"""The kit as a whole: its cover with the table of contents, the notes page of its readings,
and shared sheets (a one-page component printed in the room another file leaves)."""
