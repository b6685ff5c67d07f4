"""What the results screen says about a finished game, and the match when it has several:
the verdict (who won, a shared win or the tie-breaker's outcome, and who leads the match;
for a solitaire, the score beside the player's personal best and average),
and the rows of its tables (each column's final card in brief; each game's totals). Words
and numbers from the session's state, with no pygame in them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import N_, _, format_number, ngettext, translate
from game.match.replay import ReplaySession
from game.match.seats import is_you, lone_player
from game.rules import Card, Phase
from game.ui.seat_words import level_tags
from game.ui.text import TAG_JOIN, join_names

if TYPE_CHECKING:
    from game.match.session import Session
    from game.storage import FinishedRecord, ProfileStats
    from game.ui.theme import Colour

# Translators: the heads of the results' table of final cards.
CARD_HEADS = (N_("Upper"), N_("Bonus"), N_("Lower"), N_("Yahtzee bonus"), N_("Total"))
# A table row: (name, its colour or None for the header, the cells, whether it won).
TableRow = tuple[str, "Colour | None", list[str], bool]


@dataclass(frozen=True)
class Verdict:
    headline: str
    detail: str
    winners: tuple[int, ...]  # competitors the trophy is for


def _says(session: Session, competitor: int, one: str, team: str, you: str) -> str:
    """The sentence for who won, each a whole msgid: `one` ("{name} wins!") for one player,
    `team` ("{name} win!") for a team, `you` ("You win!") for the player who is "you" here
    (`is_you`: at a network table only this screen's own seat)."""
    config = session.config
    player = lone_player(config, competitor)
    name = config.competitor_name(competitor)
    if player is None:
        return team.format(name=name)
    if is_you(name, player, own_seats(session)):
        return you
    return one.format(name=name)


def own_seats(session: Session | ReplaySession) -> frozenset[int] | None:
    """A network table's seats played at this screen (None: one computer's table)."""
    return getattr(session, "own_seats", None)


def assisted_note(session: Session) -> str:
    """Who used hints or undo ("Assisted: Anna used hints or undo."), or ""."""
    if not session.assisted:
        return ""
    names = join_names([session.seats[p].name for p in sorted(session.assisted)])
    return _("Assisted: {names} used hints or undo.").format(names=names)


@dataclass(frozen=True)
class PersonalRecord:
    """A solitaire player's figures from the records, around the game just played."""

    games: int  # games on record, this one included
    mean: float  # their average score, this game included
    before: int | None  # their best score before this game (None: it is their first)


def personal_record(
    stats: ProfileStats | None, scores: Sequence[int], filed: bool
) -> PersonalRecord | None:
    """The player's record with this match's `scores` (the game just played last) counted
    in: `filed` says the records hold them already (the match is over and saved), else they
    are added here. None for a guest (no `stats`).

    >>> from game.storage.stats import ProfileStats, Tally
    >>> before = ProfileStats.from_tally("Ann", Tally())
    >>> personal_record(before, [200], filed=False)
    PersonalRecord(games=1, mean=200.0, before=None)
    """
    if stats is None or not scores:
        return None
    if not filed:
        games = stats.games + len(scores)
        total = (stats.mean_score or 0.0) * stats.games + sum(scores)
        earlier = [s for s in (stats.best_score, *scores[:-1]) if s is not None]
        return PersonalRecord(games, total / games, max(earlier, default=None))
    if not stats.games or stats.mean_score is None:
        return None  # the records do not hold it after all (a disk refused them)
    history = [score for _when, score in stats.score_history]
    # Every game charted: the best before this one is exact. Else the oldest were folded
    # away, and their best is what this game is held against (it may have equalled it).
    complete = len(history) == stats.games
    before = max(history[:-1], default=None) if complete else stats.best_score
    return PersonalRecord(stats.games, stats.mean_score, before)


def game_verdict(
    session: Session,
    record: PersonalRecord | None = None,
    places: Mapping[int, int] | None = None,
    *,
    waiting: bool = False,
) -> Verdict:
    """Who won the last finished game, and of the match when it is over; the players who
    used hints or undo are named, as everywhere scores are recorded. A solitaire game has
    no winner: its score, with the player's personal best and average (`record`), or that
    it is not on record yet (`waiting`: the records refused it for now). `places` (player
    index -> place, 1 = best) are those the match just took in the high scores."""
    if len(session.config.players) > 1:
        verdict = _verdict(session)
    else:
        verdict = _solo(session, record, waiting)
    notes = [high_score_note(session, places or {})]
    if session.assisted and session.state.results:
        notes.append(assisted_note(session))
    detail = " ".join(text for text in (verdict.detail, *notes) if text)
    return Verdict(verdict.headline, detail, verdict.winners)


def filed_places(session: Session, finished: FinishedRecord | None) -> dict[int, int]:
    """The places this match just took in the high scores (player index -> place), as the
    records said when it was filed (`Storage.last_finished`); none for a replay, a match not
    over, or another game's filing."""
    if finished is None or isinstance(session, ReplaySession):
        return {}
    if session.state.phase is not Phase.MATCH_OVER or finished.origin != session.game.origin():
        return {}
    return dict(finished.high_score_places)


HIGH_SCORES_TELLING = 10  # scores a table holds before a place in it means something


def telling_places(session: Session, places: Mapping[int, int], held: int) -> dict[int, int]:
    """The places worth a sentence, of those the match took in a high-score table that now
    holds `held` scores: none until the table holds HIGH_SCORES_TELLING (on a fresh install
    every game "enters the high scores"), and none for a player who lost the match (a loss
    is not told as a feat).

    >>> telling_places(None, {0: 3}, held=4)
    {}
    """
    if held < HIGH_SCORES_TELLING:
        return {}
    state = session.state
    if len(session.config.players) > 1 and state.results:
        winners = {
            player
            for competitor in state.results[-1].winners
            for column in session.config.competitors[competitor]
            for player in session.config.columns[column]
        }
        return {player: place for player, place in places.items() if player in winners}
    return dict(places)


def high_score_note(session: Session, places: Mapping[int, int]) -> str:
    """One sentence per player who took a place in the high scores, best place first
    ("Ann enters the high scores at number 3."), or ""."""
    sentences = []
    for player, place in sorted(places.items(), key=lambda item: (item[1], item[0])):
        name = session.seats[player].name
        if is_you(name, player, own_seats(session)):
            # Translators: the player ("You") took that place in the table of the ten best
            # scores of these rules and match length.
            sentence = _("You enter the high scores at number {place}.")
        else:
            # Translators: {name} took that place in the table of the ten best scores of
            # these rules and match length.
            sentence = _("{name} enters the high scores at number {place}.")
        sentences.append(sentence.format(name=name, place=place))
    return " ".join(sentences)


def _solo(session: Session, record: PersonalRecord | None, waiting: bool = False) -> Verdict:
    """A solitaire game: the score, the personal best and the average; no trophy."""
    state = session.state
    if not state.results:
        return Verdict(_("The game is still on"), "", ())
    total = state.results[-1].totals[0]
    headline = _("{name} scored {points}").format(name=session.config.players[0], points=total)
    if record is None and waiting and session.seats[0].profile is not None:
        # TRANSLATORS: as "records" elsewhere, the saved statistics of the games. The game
        # was not filed yet (another program holds the records, the disk is full ...).
        return Verdict(
            headline, _("Not in the records yet: it is filed as soon as they take it."), ()
        )
    if record is None:
        # TRANSLATORS: as "records" elsewhere, the saved statistics of the games, not best
        # scores (a guest's score still enters the high scores, and the screen says so).
        return Verdict(headline, _("Played as a guest: no statistics are kept."), ())
    if record.before is None:
        best = _("A first game on record: the personal best to beat.")
    elif total > record.before:
        best = _("A new personal best! The old one was {points}.").format(points=record.before)
    elif total == record.before:
        best = _("That equals the personal best, {points}.").format(points=record.before)
    else:
        best = _("Personal best {points}.").format(points=record.before)
    average = ngettext(
        "Average {mean} over {count} game.", "Average {mean} over {count} games.", record.games
    ).format(mean=format_number(record.mean, 1), count=record.games)
    return Verdict(headline, f"{best} {average}", ())  # two whole sentences


def _verdict(session: Session) -> Verdict:
    config, state = session.config, session.state
    if not state.results:  # not over yet: nothing to crown
        return Verdict(_("The game is still on"), "", ())
    result = state.results[-1]
    totals, winners = result.totals, result.winners
    name = config.competitor_name
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(winners) > 1:
        line = _("Shared win: {names}").format(names=join_names([name(i) for i in winners]))
        detail = ngettext("Tied on {points} point.", "Tied on {points} points.", best)
        detail = detail.format(points=best)
    elif len(tied) > 1:
        line = _says(
            session,
            winners[0],
            _("{name} wins the tie-breaker"),
            # Translators: a team (several players) wins.
            _("{name} win the tie-breaker"),
            _("You win the tie-breaker"),
        )
        detail = ngettext(
            "{names} tied on {points} point.", "{names} tied on {points} points.", best
        ).format(names=join_names([name(i) for i in tied]), points=best)
    else:
        line = _says(
            session,
            winners[0],
            _("{name} wins!"),
            # Translators: a team (several players) wins.
            _("{name} win!"),
            _("You win!"),
        )
        rest = sorted(totals, reverse=True)[1:]
        if rest:
            detail = ngettext(
                "{points} point, ahead of {next}.", "{points} points, ahead of {next}.", best
            ).format(points=best, next=rest[0])
        else:
            detail = ngettext("{points} point.", "{points} points.", best).format(points=best)
    if config.games == 1:
        return Verdict(line, detail, winners)

    number = len(state.results)
    match = state.match_totals()
    top = max(match)
    leaders = tuple(i for i, t in enumerate(match) if t == top)
    if state.phase is Phase.MATCH_OVER:
        if len(leaders) > 1:
            names = join_names([name(i) for i in leaders])
            headline = _("Shared match win: {names}").format(names=names)
        else:
            headline = _says(
                session,
                leaders[0],
                _("{name} wins the match!"),
                # Translators: a team (several players) wins.
                _("{name} win the match!"),
                _("You win the match!"),
            )
        # Translators: {verdict} is the last game's own verdict ("Ann wins!").
        detail = _("{points} points over {games} games. Game {number}: {verdict}").format(
            points=top, games=number, number=number, verdict=line
        )
        return Verdict(headline, detail, leaders)
    if len(leaders) > 1:
        names = join_names([name(i) for i in leaders])
        lead = _("{names} share the lead on {points}.").format(names=names, points=top)
    else:
        lead = _("{name} leads the match with {points}.").format(name=name(leaders[0]), points=top)
    return Verdict(line, lead, winners)  # the screen's title says which game it was


def card_details(card: Card) -> tuple[int, ...]:
    """The columns of card_rows that may be left out where the window has no room for
    them, the first to go first: the bonuses, then the lower and upper sums (the total
    always stays)."""
    return (3, 1, 2, 0) if card.has_chips else (1, 2, 0)


def card_rows(session: Session, column_colour: Callable[[int], Colour]) -> list[TableRow]:
    """Header then one row per column, best total first: (name, colour, cells, winner)."""
    config, state = session.config, session.state
    cards = state.results[-1].cards if state.results else state.cards
    winners = set(state.results[-1].winners) if state.results else set()
    winning_columns = {c for i in winners for c in config.competitors[i]}
    order = sorted(range(len(cards)), key=lambda c: -cards[c].total)
    levels = level_tags(config, session.seats)  # a CPU's column says its level
    chips = config.card.has_chips  # a card with no bonus chips has no column for them
    heads = [translate(head) for head in CARD_HEADS if chips or head != CARD_HEADS[3]]
    rows: list[TableRow] = [("", None, heads, False)]
    for c in order:
        card = cards[c]
        cells = [
            str(card.upper_total),
            str(card.upper_bonus) if card.upper_bonus else "-",
            str(card.lower_total),
            *([str(card.yahtzee_bonus) if card.yahtzee_bonus else "-"] if chips else []),
            str(card.total),
        ]
        name = TAG_JOIN.join(t for t in (config.column_name(c), levels[c]) if t)
        rows.append((name, column_colour(c), cells, c in winning_columns))
    return rows


def match_rows(session: Session, competitor_colour: Callable[[int], Colour]) -> list[TableRow]:
    """Header then one row per competitor: each game's total and the match total."""
    config, state = session.config, session.state
    games = config.games
    # Translators: "G{number}" is a short "Game {number}", for a match of many games.
    short = _("G{number}") if games > 3 else _("Game {number}")
    heads = [short.format(number=g + 1) for g in range(games)] + [_("Total")]
    match = state.match_totals()
    top = max(match) if match else 0
    rows: list[TableRow] = [("", None, heads, False)]
    for i in sorted(range(len(match)), key=lambda i: -match[i]):
        cells = [
            str(state.results[g].totals[i]) if g < len(state.results) else "" for g in range(games)
        ]
        cells.append(str(match[i]))
        rows.append((config.competitor_name(i), competitor_colour(i), cells, match[i] == top))
    return rows


def results_phrase(session: Session, verdict: Verdict) -> str:
    """The results as speech says them: 'Ann wins! Scores: Ann 240, Bob 198. ...'."""
    state = session.state
    config = session.config
    parts = [verdict.headline]
    if state.results and len(config.competitors) > 1:
        totals = state.results[-1].totals
        scores = ", ".join(
            _("{name} {points}").format(name=config.competitor_name(i), points=points)
            for i, points in enumerate(totals)
        )
        parts.append(_("Scores: {scores}").format(scores=scores))
    if verdict.detail:
        parts.append(verdict.detail)
    return " ".join(p if p[-1] in ".!?" else p + "." for p in parts if p)
