"""The match layer: who sits at the table (seats), a match being played (session), and a
finished one played back (replay). Between the rules and the screens; no pygame."""
