"""An authority and its friends in one process, every message through the codec: the table's
rules tested without sockets."""

from __future__ import annotations

from game.net import codec
from game.net import messages as m
from game.net.authority import EVERYONE, Authority, Out, left_out
from game.net.cpu import CpuPlayers
from game.net.follower import Follower


class Table:
    def __init__(self, authority: Authority, peers: int) -> None:
        self.authority = authority
        self.inbox: dict[int, list[m.HostMessage]] = {p: [] for p in range(1, peers + 1)}
        self.followers: dict[int, Follower] = {}
        self.seat: dict[int, int | None] = {}
        self.ids = dict.fromkeys(self.inbox, 0)
        self.cpu = CpuPlayers()

    def deliver(self, out: list[Out]) -> list[Out]:
        for to, message in out:
            data = codec.encode(message)
            for peer in self.inbox:
                joined = peer in self.authority.joined
                everyone = to == EVERYONE or (left_out(to) not in (None, peer))
                if to == peer or (everyone and joined):
                    self.inbox[peer].append(codec.decode_host(data))
        return out

    def send(self, peer: int, message: m.FriendMessage) -> list[Out]:
        data = codec.encode(message)
        return self.deliver(self.authority.intent(peer, codec.decode_friend(data)))

    def act(self, peer: int, action, at: int | None = None) -> list[Out]:
        self.ids[peer] += 1
        step = self.followers[peer].step if at is None else at
        return self.send(peer, m.Act(self.ids[peer], step, action))

    def undo(self, peer: int) -> list[Out]:
        self.ids[peer] += 1
        return self.send(peer, m.Undo(self.ids[peer], self.followers[peer].step))

    def peer_of(self, player: int) -> int:
        return next(p for p, s in self.seat.items() if s == player)

    def read(self) -> None:
        """Every peer follows what it was sent."""
        for peer, box in self.inbox.items():
            for message in box:
                if isinstance(message, m.Welcome):
                    self.seat[peer] = message.you
                    if message.match is not None:
                        self.followers[peer] = Follower(message.match)
                elif isinstance(message, m.Started):
                    self.followers[peer] = Follower(message.match)
                elif isinstance(message, (m.Moved, m.Undone, m.Marked, m.Revealed)):
                    self.followers[peer].update(message)
            box.clear()

    def play_out(self, level: str = "hard", limit: int = 5000) -> None:
        """Play to the end of the match: CPU seats by the authority, friends by a CPU level."""
        authority = self.authority
        for _i in range(limit):
            self.read()
            session = authority.session
            assert session is not None
            if session.state.is_over:
                return
            due = authority.cpu_due()
            if due is not None:
                state = session.state
                action = self.cpu.decide(session, due[0], due[1], state)
                self.deliver(authority.cpu_act(due[0], state, action))
                continue
            peer = next(p for p, s in self.seat.items() if s == session.state.player)
            follower = self.followers[peer]
            state = follower.session.state
            self.act(peer, self.cpu.decide(follower.session, state.player, level, state))
        raise AssertionError("the match did not end")
