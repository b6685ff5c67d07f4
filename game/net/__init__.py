"""Playing with friends at other computers: a hosted table and the friends who join it.

Headless (no pygame, no scene): the host's match is the truth and friends follow it.

- `messages`: every message, typed; `codec` their JSON, checked field by field on arrival
  (`wire` reads the fields);
- `secure`: the table code's handshake (SPAKE2) and the sealed frames after it;
- `codes`: table codes and invite codes;
- `moves`: a move as sent (the action and the dice the host rolled), and the state's digest;
- `seating`, `authority`: the host's rules of the table (seats, turns, tokens, refusals),
  no I/O; `cpu`: the CPU seats and the stand-ins; `limits`: what any peer may cost the host;
- `host`, `friend`: the two ends over WebSocket, each on an event loop of its own thread
  (`loop`);
- `follower`: a friend's copy of the match, every move checked by our own rules;
- `discovery`: tables on the local network by name (DNS-SD over mDNS);
- `keep`: the host's table saved and resumed, a friend's finished game filed;
- `seat_keys`: a friend's seats kept in the data folder, to take again after a crash;
- `bot`: a headless friend and host that play by themselves (netplay, the tests).

`docs/network.md` describes the protocol and the threat model.
"""
