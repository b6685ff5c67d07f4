"""The messages of game.net.messages to and from JSON, checked field by field on the way in
(game.net.wire): a friend's messages by the host, the host's by a friend, the handshake's by
both. Anything that is not exactly a message of the protocol is a ProtocolError."""

from __future__ import annotations

from collections.abc import Callable

from game.json_types import JsonMapping
from game.match.seats import SEAT_COLOURS, Seat
from game.net.messages import (
    CLOSINGS,
    FRIEND_FRAME,
    HOST_FRAME,
    MAC_BYTES,
    MAX_ID,
    MAX_SEATS,
    MAX_STEP,
    MAX_TABLE_NAME,
    MAX_VERSION_TEXT,
    PAKE_BYTES,
    PROTOCOL,
    REACTIONS,
    REFUSALS,
    SEAT_KINDS,
    TOKEN_BYTES,
    Act,
    Closed,
    Confirm,
    Denied,
    FriendMessage,
    Handshake,
    Hello,
    Helped,
    HostMessage,
    Join,
    Leave,
    Marked,
    MatchView,
    Message,
    Moved,
    Pake,
    React,
    Reacted,
    Refused,
    Revealed,
    SeatView,
    Started,
    Sync,
    TableChanged,
    TableView,
    Undo,
    Undone,
    Welcome,
)
from game.net.moves import DIGEST_HEX, MAX_MOVES, MAX_PLAYER, Move
from game.net.wire import (
    ProtocolError,
    blob,
    boolean,
    choice,
    dump_json,
    fields,
    hex_text,
    int_list,
    integer,
    items,
    obj,
    optional_integer,
    optional_text,
    parse_json,
    text,
    to_b64,
)
from game.rules import GameConfig, action_from_json, action_to_json
from game.rules.names import check_name


# ----------------------------------------------------------------- to JSON
def encode(message: Message) -> bytes:
    return dump_json(to_json(message))


def to_json(message: Message) -> dict[str, object]:
    match message:
        case Hello(protocol, game, pake):
            return {"t": "hello", "protocol": protocol, "game": game, "pake": to_b64(pake)}
        case Denied(reason, protocol, game):
            return {"t": "denied", "reason": reason, "protocol": protocol, "game": game}
        case Pake(pake):
            return {"t": "pake", "pake": to_b64(pake)}
        case Confirm(mac):
            return {"t": "confirm", "mac": to_b64(mac)}
        case Join(seat, name, colour, token, watch):
            data: dict[str, object] = {"t": "join", "name": name, "colour": colour}
            data.update({"seat": seat, "watch": watch})
            data["token"] = to_b64(token) if token is not None else None
            return data
        case Act(id, at, action):
            return {"t": "act", "id": id, "at": at, "action": action_to_json(action)}
        case Undo(id, at):
            return {"t": "undo", "id": id, "at": at}
        case React(id, reaction):
            return {"t": "react", "id": id, "reaction": reaction}
        case Helped(id):
            return {"t": "helped", "id": id}
        case Sync(id):
            return {"t": "sync", "id": id}
        case Leave():
            return {"t": "leave"}
        case Welcome(you, token, table, match):
            return {
                "t": "welcome",
                "you": you,
                "token": to_b64(token) if token is not None else None,
                "table": _table_json(table),
                "match": _match_json(match) if match is not None else None,
            }
        case TableChanged(table):
            return {"t": "table", "table": _table_json(table)}
        case Started(match):
            return {"t": "started", "match": _match_json(match)}
        case Moved(step, move, digest, reply):
            data = {"t": "moved", "step": step, "move": move.to_json(), "digest": digest}
            data["reply"] = reply
            return data
        case Undone(step, index, digest, reply):
            return {"t": "undone", "step": step, "index": index, "digest": digest, "reply": reply}
        case Marked(player):
            return {"t": "marked", "player": player}
        case Reacted(player, reaction):
            return {"t": "reacted", "player": player, "reaction": reaction}
        case Refused(reply, reason):
            return {"t": "refused", "reply": reply, "reason": reason}
        case Revealed(game, assisted):
            return {"t": "revealed", "game": dict(game), "assisted": list(assisted)}
        case Closed(reason, resumable):
            return {"t": "closed", "reason": reason, "resumable": resumable}
    raise TypeError(f"not a message: {message!r}")


def _table_json(table: TableView) -> dict[str, object]:
    seats = [
        {"kind": s.kind, "name": s.name, "colour": s.colour, "level": s.level, "online": s.online}
        for s in table.seats
    ]
    return {"name": table.name, "rules": dict(table.rules), "seats": seats, "play": table.playing}


def _match_json(match: MatchView) -> dict[str, object]:
    return {
        "config": match.config.to_dict(),
        "seats": [_seat_json(seat) for seat in match.seats],
        "assisted": list(match.assisted),
        "started": match.started,
        "seed": match.seed,
        "commitment": match.commitment,
        "step": match.step,
        "moves": [move.to_json() for move in match.moves],
        "digest": match.digest,
    }


def _seat_json(seat: Seat) -> dict[str, object]:
    """A seat as friends see it: never the host's profile names."""
    return {"name": seat.name, "kind": seat.kind, "colour": seat.colour}


# ----------------------------------------------------------------- from JSON
def decode_handshake(data: bytes | str) -> Handshake:
    """A handshake message (either side's); ProtocolError if it is not one."""
    message = parse_json(data, 1024)
    kind = message.get("t")
    if kind == "hello":
        # The versions are read first and alone: a game of another protocol is told which it
        # is, whatever else its hello holds (only these two fields keep their shape forever).
        protocol = integer(message, "protocol", 0, 10**6)
        game = text(message, "game", MAX_VERSION_TEXT)
        if protocol != PROTOCOL:
            return Hello(protocol, game, b"")
        fields(message, ("t", "protocol", "game", "pake"))
        return Hello(protocol, game, blob(message, "pake", PAKE_BYTES, PAKE_BYTES))
    if kind == "denied":
        fields(message, ("t", "reason", "protocol", "game"))
        reason = text(message, "reason", 32)
        return Denied(reason, integer(message, "protocol", 0, 10**6), text(message, "game", 32))
    if kind == "pake":
        fields(message, ("t", "pake"))
        return Pake(blob(message, "pake", PAKE_BYTES, PAKE_BYTES))
    if kind == "confirm":
        fields(message, ("t", "mac"))
        return Confirm(blob(message, "mac", MAC_BYTES, MAC_BYTES))
    raise ProtocolError("not a handshake message")


def decode_friend(data: bytes) -> FriendMessage:
    """A friend's sealed message, checked; ProtocolError otherwise."""
    message = parse_json(data, FRIEND_FRAME)
    reader = _FRIEND_READERS.get(str(message.get("t")))
    if reader is None:
        raise ProtocolError("not a message a friend sends")
    return reader(message)


def decode_host(data: bytes) -> HostMessage:
    """A host's sealed message, checked; ProtocolError otherwise."""
    message = parse_json(data, HOST_FRAME)
    reader = _HOST_READERS.get(str(message.get("t")))
    if reader is None:
        raise ProtocolError("not a message a host sends")
    return reader(message)


def _join(m: JsonMapping) -> Join:
    fields(m, ("t", "seat", "name", "colour", "token", "watch"))
    token = blob(m, "token", TOKEN_BYTES, TOKEN_BYTES) if m.get("token") is not None else None
    name = text(m, "name", 64)
    if name:
        try:
            name = check_name(name)
        except ValueError as bad:
            raise ProtocolError(f"name: {bad}") from None
    seat = optional_integer(m, "seat", 0, MAX_PLAYER)
    return Join(seat, name, integer(m, "colour", 0, SEAT_COLOURS - 1), token, boolean(m, "watch"))


def _act(m: JsonMapping) -> Act:
    fields(m, ("t", "id", "at", "action"))
    try:
        action = action_from_json(m["action"])
    except ValueError as bad:
        raise ProtocolError(f"action: {str(bad)[:80]}") from None
    return Act(integer(m, "id", 1, MAX_ID), integer(m, "at", 0, MAX_STEP), action)


def _undo(m: JsonMapping) -> Undo:
    fields(m, ("t", "id", "at"))
    return Undo(integer(m, "id", 1, MAX_ID), integer(m, "at", 0, MAX_STEP))


def _react(m: JsonMapping) -> React:
    fields(m, ("t", "id", "reaction"))
    return React(integer(m, "id", 1, MAX_ID), choice(m, "reaction", REACTIONS))


def _helped(m: JsonMapping) -> Helped:
    fields(m, ("t", "id"))
    return Helped(integer(m, "id", 1, MAX_ID))


def _sync(m: JsonMapping) -> Sync:
    fields(m, ("t", "id"))
    return Sync(integer(m, "id", 1, MAX_ID))


def _leave(m: JsonMapping) -> Leave:
    fields(m, ("t",))
    return Leave()


_FRIEND_READERS: dict[str, Callable[[JsonMapping], FriendMessage]] = {
    "join": _join,
    "act": _act,
    "undo": _undo,
    "react": _react,
    "helped": _helped,
    "sync": _sync,
    "leave": _leave,
}


def read_table(data: JsonMapping) -> TableView:
    fields(data, ("name", "rules", "seats", "play"))
    seats = []
    for item in items(data, "seats", MAX_SEATS):
        if not isinstance(item, dict):
            raise ProtocolError("a seat is an object")
        fields(item, ("kind", "name", "colour", "level", "online"))
        name = optional_text(item, "name", 64)
        if name is not None:
            try:
                name = check_name(name)
            except ValueError as bad:
                raise ProtocolError(f"seat name: {bad}") from None
        level = optional_text(item, "level", 16)
        seats.append(
            SeatView(
                choice(item, "kind", SEAT_KINDS),
                name,
                integer(item, "colour", 0, SEAT_COLOURS - 1),
                level,
                boolean(item, "online"),
            )
        )
    if not seats:
        raise ProtocolError("a table has seats")
    rules = obj(data, "rules")
    try:  # the rules must make a game for that many seats
        GameConfig.from_dict({**rules, "players": [f"P{i}" for i in range(len(seats))]})
    except ValueError as bad:
        raise ProtocolError(f"rules: {str(bad)[:80]}") from None
    return TableView(text(data, "name", MAX_TABLE_NAME), rules, tuple(seats), boolean(data, "play"))


def read_match(data: JsonMapping) -> MatchView:
    fields(
        data,
        ("config", "seats", "assisted", "started", "seed", "commitment", "step", "moves", "digest"),
    )
    try:
        config = GameConfig.from_dict(obj(data, "config"))
        seats = tuple(Seat.from_dict(s) for s in items(data, "seats", MAX_SEATS))
    except ValueError as bad:
        raise ProtocolError(f"match: {str(bad)[:80]}") from None
    if tuple(s.name for s in seats) != config.players:
        raise ProtocolError("the seats do not match the players")
    if any(s.profile is not None or s.pad for s in seats):
        raise ProtocolError("a seat as sent names no profile or pad")
    moves = tuple(Move.from_json(m) for m in items(data, "moves", MAX_MOVES))
    if any(move.index != i for i, move in enumerate(moves)):
        raise ProtocolError("the moves are not numbered in order")
    return MatchView(
        config,
        seats,
        int_list(data, "assisted", MAX_SEATS, 0, len(seats) - 1),
        text(data, "started", 40),
        integer(data, "seed", 0, 2**31 - 1),
        hex_text(data, "commitment", 64),
        integer(data, "step", 0, MAX_STEP),
        moves,
        hex_text(data, "digest", DIGEST_HEX),
    )


def _welcome(m: JsonMapping) -> Welcome:
    fields(m, ("t", "you", "token", "table", "match"))
    token = blob(m, "token", TOKEN_BYTES, TOKEN_BYTES) if m.get("token") is not None else None
    match = read_match(obj(m, "match")) if m.get("match") is not None else None
    table = read_table(obj(m, "table"))
    you = optional_integer(m, "you", 0, len(table.seats) - 1)
    return Welcome(you, token, table, match)


def _moved(m: JsonMapping) -> Moved:
    fields(m, ("t", "step", "move", "digest", "reply"))
    return Moved(
        integer(m, "step", 1, MAX_STEP),
        Move.from_json(obj(m, "move")),
        hex_text(m, "digest", DIGEST_HEX),
        optional_integer(m, "reply", 1, MAX_ID),
    )


def _undone(m: JsonMapping) -> Undone:
    fields(m, ("t", "step", "index", "digest", "reply"))
    return Undone(
        integer(m, "step", 1, MAX_STEP),
        integer(m, "index", 0, MAX_MOVES - 1),
        hex_text(m, "digest", DIGEST_HEX),
        optional_integer(m, "reply", 1, MAX_ID),
    )


def _table(m: JsonMapping) -> TableChanged:
    fields(m, ("t", "table"))
    return TableChanged(read_table(obj(m, "table")))


def _started(m: JsonMapping) -> Started:
    fields(m, ("t", "match"))
    return Started(read_match(obj(m, "match")))


def _marked(m: JsonMapping) -> Marked:
    fields(m, ("t", "player"))
    return Marked(integer(m, "player", 0, MAX_PLAYER))


def _reacted(m: JsonMapping) -> Reacted:
    fields(m, ("t", "player", "reaction"))
    return Reacted(integer(m, "player", 0, MAX_PLAYER), choice(m, "reaction", REACTIONS))


def _refused(m: JsonMapping) -> Refused:
    fields(m, ("t", "reply", "reason"))
    return Refused(optional_integer(m, "reply", 1, MAX_ID), choice(m, "reason", REFUSALS))


def _revealed(m: JsonMapping) -> Revealed:
    fields(m, ("t", "game", "assisted"))
    return Revealed(obj(m, "game"), int_list(m, "assisted", MAX_SEATS, 0, MAX_PLAYER))


def _closed(m: JsonMapping) -> Closed:
    fields(m, ("t", "reason", "resumable"))
    return Closed(choice(m, "reason", CLOSINGS), boolean(m, "resumable"))


_HOST_READERS: dict[str, Callable[[JsonMapping], HostMessage]] = {
    "welcome": _welcome,
    "table": _table,
    "started": _started,
    "moved": _moved,
    "undone": _undone,
    "marked": _marked,
    "reacted": _reacted,
    "refused": _refused,
    "revealed": _revealed,
    "closed": _closed,
}
