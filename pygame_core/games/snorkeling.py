"""Snorkeling (2-6 players), rules SN-1 ... SN-14 of RULES.md.

Cards are strings: colour letter + value (``"B3"``); ``"L5"`` is a Lanternfish. Actions follow
SN-12: ``pass``, ``center B3``, ``place B3 2``, ``end``, ``takeback``, ``keep``.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine import Game, Option, deal, parse_seat, random_order

COLOURS = "BGOPY"
LANTERNFISH = "L5"
SEA_CARDS = [f"{c}{v}" for c in COLOURS for v in range(5)] * 3
HAND_SIZE = 5

START, PLAYING, TAKEBACK = "start", "playing", "takeback"
SAME, HIGHER, ANY = "same", "higher", "any"  # how further centre cards may follow this turn
MAX_PLAYERS = 6

VALUE = {card: int(card[1]) for card in (*SEA_CARDS, LANTERNFISH)}  # card -> 0 ... 5
# Every action string, built once (SN-12): ``CENTER[card]``, ``PLACE[card][seat]``, and the parse
# of each action into ``(verb, card or None, target seat or None)``.
CENTER = {card: "center " + card for card in VALUE}
PLACE = {card: [f"place {card} {seat}" for seat in range(MAX_PLAYERS)] for card in VALUE}
PARSED = {**{verb: (verb, None, None) for verb in ("pass", "end", "takeback", "keep")},
          **{action: ("center", card, None) for card, action in CENTER.items()},
          **{action: ("place", card, seat) for card, actions in PLACE.items()
             for seat, action in enumerate(actions)}}


def value(card: str) -> int:
    """The value of a card: 0 (Beach) ... 4 (Ray), 5 for a Lanternfish."""
    return VALUE[card]


def follows(card: str, top: str) -> tuple[bool, bool]:
    """``(higher, same_colour)``: whether ``card`` is +1 of ``top`` (4 -> 0 wraps) and of its colour (SN-3)."""
    return VALUE[card] == (VALUE[top] + 1) % 5, card[0] == top[0]


class Snorkeling(Game):
    """Snorkeling. Options: ``expert`` (SN-4), ``target_score`` 12 or 6 (SN-8), ``first_player``
    (GEN-4), ``max_turns_per_round`` 1..500 (SN-14), ``max_rounds`` 1..100 (SN-15).

    ``max_rounds`` (SN-15): SN-8's "a tie for the lead plays another round" can
    repeat forever (everyone always passing ends every round by SN-13 with all piles at 5), which
    GEN-6 forbids; after ``max_rounds`` rounds the game ends and every tied leader wins.

    State: ``hands``, ``piles`` (bottom -> top, starting with the Lanternfish), ``centre``
    (bottom -> top), ``stock`` (the draw pile, top at the end), ``phase`` (start / playing /
    takeback), ``mode`` (which centre cards may still follow this turn, SN-3/SN-4).
    """

    name = "snorkeling"
    reveals_to_others = frozenset({"center", "place", "round_start", "reshuffle"})
    reveals_to_actor = frozenset({"draw"})
    option_spec = {
        "expert": Option(False),
        "target_score": Option(12, int, choices=(12, 6)),
        "max_turns_per_round": Option(500, int, minimum=1, maximum=500),
        "max_rounds": Option(100, int, minimum=1, maximum=100),
    }

    def full_deck(self) -> list[str]:
        return list(SEA_CARDS)

    def max_actions(self) -> int:
        """``max_rounds * (4 * max_turns_per_round + 5 * players)`` (GEN-6, SN-14, SN-15).

        A turn is ``pass``, or card plays (``center``, ``place``) then ``end`` unless it placed,
        then ``takeback`` or ``keep`` if offered: at most 2 actions besides its card plays. A hand
        gains at most 2 cards a turn (SN-6: one draw, then a second draw or a take-back, or the
        draw up to 2), so a round's card plays are at most the 5 dealt to each player plus 2 per
        turn. Round and turn caps bound the rest; 203,000 at 6 players with both caps at their
        maxima, which are their defaults: random and bot rounds stay under 150 turns and games
        under 12 rounds, and a game without a tie for the lead reaches the target score within
        24 rounds (each round scores at least 1 per player but the one who got the Beach).
        """
        options = self.options
        return options["max_rounds"] * (4 * options["max_turns_per_round"] + HAND_SIZE * self.players)

    @staticmethod
    def card_fields(card: str) -> dict[str, str]:
        return {"colour": card[0], "value": card[1]}

    @staticmethod
    def action_fields(action: str) -> dict:
        verb, *rest = action.split(" ")
        fields: dict = {"verb": verb}
        if rest:
            fields["card"] = rest[0]
        if len(rest) > 1:
            fields["target"] = int(rest[1])
        return fields

    # ----- setup (SN-1, SN-9) -------------------------------------------------------------------

    def _setup(self, stock: list[str], first_player: int) -> None:
        self.round_scores: list[list[int]] = []
        self._start_round(stock, first_player)

    def _start_round(self, stock: list[str], start_player: int) -> None:
        self.stock = stock
        self.hands = deal(stock, self.players, HAND_SIZE)
        self.piles = [[LANTERNFISH] for _ in range(self.players)]
        self.centre = [stock.pop()]
        self.start_player = start_player
        self.turns = 0
        self.stalled_passes = 0
        self._begin_turn(start_player)
        self.log("round_start", round=self.round, start_player=start_player, center=self.centre[-1])

    def _begin_turn(self, seat: int) -> None:
        self.current_player = seat
        self.phase = START
        self.mode = ANY
        self.emptied = False

    # ----- legal actions (SN-2 ... SN-5, SN-12) -------------------------------------------------

    def centre_moves(self) -> list[str]:
        """The ``center`` actions legal for the current player in the start or playing phase
        (SN-3/SN-4), sorted, each card once (the hand is sorted); ``[]`` when there is none.
        (The take-back phase has only ``keep`` and ``takeback``, SN-6.)"""
        top = self.centre[-1]
        mode = ANY if self.options["expert"] else self.mode
        if mode == HIGHER:
            return []
        colour = top[0]
        wanted = (VALUE[top] + 1) % 5
        moves = []
        last = ""
        for card in self.hands[self.current_player]:
            if card != last and (card[0] == colour or (mode == ANY and VALUE[card] == wanted)):
                moves.append(CENTER[card])
            last = card
        return moves

    def _place_moves(self) -> list[str]:
        """``place`` actions legal now (SN-5), sorted, each once."""
        me = self.current_player
        hand = self.hands[me]
        moves = []
        last = ""
        for card in hand:  # sorted hand: cards ascending, then seats ascending, is sorted overall
            if card != last:
                wanted = VALUE[card] + 1
                places = PLACE[card]
                for seat, pile in enumerate(self.piles):
                    if seat != me and VALUE[pile[-1]] == wanted:
                        moves.append(places[seat])
            last = card
        return moves

    def _legal_actions(self) -> list[str]:
        if self.phase == TAKEBACK:
            return ["keep", "takeback"]
        if self.phase == START:  # "center ..." < "pass"
            moves = self.centre_moves()
            moves.append("pass")
            return moves
        moves = self.centre_moves()  # "center ..." < "end" < "place ..."
        moves.append("end")
        moves += self._place_moves()
        return moves

    def _malformed(self, action: str) -> str | None:
        parts = action.split(" ")
        cards = set(SEA_CARDS)
        if parts[0] in ("pass", "end", "takeback", "keep") and len(parts) == 1:
            return None
        if parts[0] == "center" and len(parts) == 2 and parts[1] in cards:
            return None
        if parts[0] == "place" and len(parts) == 3 and parts[1] in cards:
            return None if parse_seat(parts[2], self.players) is not None else "no such seat"
        return "expected pass, center CARD, place CARD SEAT, end, takeback or keep"

    def _explain(self, action: str) -> tuple[str, dict]:
        parts = action.split(" ")
        me = self.current_player
        if self.phase == TAKEBACK:
            return "snorkeling.illegal.takeback_first", {}
        if parts[0] in ("center", "place") and parts[1] not in self.hands[me]:
            return "illegal.not_in_hand", {"card": parts[1], "seat": me}
        if parts[0] == "place":
            seat = int(parts[2])
            if seat == me:
                return "snorkeling.illegal.own_pile", {}
            if self.phase == START:
                return "snorkeling.illegal.place_first", {}
            top = value(self.piles[seat][-1])
            return "snorkeling.illegal.pile_top", {"card": parts[1], "target": seat, "top": top,
                                                   "wanted": top - 1}
        if parts[0] == "center":
            if self.mode == HIGHER and not self.options["expert"]:
                return "snorkeling.illegal.higher_ended", {}
            key = "same_colour" if self.mode == SAME and not self.options["expert"] else "no_follow"
            return f"snorkeling.illegal.{key}", {"card": parts[1], "center": self.centre[-1]}
        if parts[0] == "pass":
            return "snorkeling.illegal.pass_late", {}
        if parts[0] == "end":
            return "snorkeling.illegal.end_early", {}
        return "snorkeling.illegal.no_takeback", {}

    # ----- applying actions ---------------------------------------------------------------------

    def _apply(self, action: str) -> None:
        me = self.current_player
        verb, card, target = PARSED[action]
        if verb == "center":
            self._play_centre(me, card)
        elif verb == "place":
            self._remove_from_hand(me, card)
            self.piles[target].append(card)
            self.log("place", seat=me, card=card, target=target)
            if VALUE[card] == 0:  # SN-7: a Beach on a pile ends the round at once
                self._end_round("beach")
            else:
                self._end_turn()
        elif verb == "end":
            self.log("end", seat=me)
            self._end_turn()
        elif verb == "pass":
            stalled = not self.stock and len(self.centre) <= 1
            self.stalled_passes = self.stalled_passes + 1 if stalled else 0
            self.log("pass", seat=me)
            if self.stalled_passes >= self.players:  # SN-13
                self._end_round("stalemate")
            else:
                self._end_turn()
        else:
            if verb == "takeback":
                card = self.piles[me].pop()
                self.hands[me].append(card)
                self.hands[me].sort()
                self.log("takeback", seat=me, card=card)
            else:
                self.log("keep", seat=me)
            self._finish_turn()

    def _remove_from_hand(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        if not self.hands[seat]:
            self.emptied = True

    def _play_centre(self, me: int, card: str) -> None:
        higher, same = follows(card, self.centre[-1])
        if self.phase == START:
            self.mode = SAME if same else HIGHER  # SN-3 ruling: +1 and same colour counts as same
        self.phase = PLAYING
        self.stalled_passes = 0
        self._remove_from_hand(me, card)
        self.centre.append(card)
        self.log("center", seat=me, card=card)

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards into ``seat``'s hand, refilling the stock per SN-10."""
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not self.stock and len(self.centre) > 1:
                self.stock = self.shuffled(self.centre[:-1])
                self.centre = self.centre[-1:]
                self.log("reshuffle", count=len(self.stock))
            if not self.stock:
                break
            hand.append(self.stock.pop())
            drawn += 1
        if drawn:
            hand.sort()
            self.log("draw", seat=seat, count=drawn)
        return drawn

    def _end_turn(self) -> None:
        """SN-6 steps 1 and 2: draw 1; offer the take-back if the hand was emptied this turn."""
        me = self.current_player
        self._draw(me, 1)
        if self.emptied:
            if self.piles[me][-1] == LANTERNFISH:
                self._draw(me, 1)
            else:
                self.phase = TAKEBACK
                return
        self._finish_turn()

    def _finish_turn(self) -> None:
        """SN-6 step 3, then the next player's turn (or the turn cap, SN-14)."""
        me = self.current_player
        self._draw(me, max(0, 2 - len(self.hands[me])))
        self.turns += 1
        if self.turns >= self.options["max_turns_per_round"]:
            self._end_round("turn_cap")
        else:
            self._begin_turn((me + 1) % self.players)

    # ----- round and game end (SN-7, SN-8, SN-9) ------------------------------------------------

    def _end_round(self, reason: str) -> None:
        scores = [VALUE[pile[-1]] for pile in self.piles]
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.round_scores.append(scores)
        self.log("round_end", round=self.round, reason=reason, scores=scores, totals=list(self.totals),
                 piles=[list(p) for p in self.piles])
        leaders = self.leaders()
        reached = max(self.totals) >= self.options["target_score"]
        if (reached and len(leaders) == 1) or self.round >= self.options["max_rounds"]:
            self.finish(leaders)
            return
        self.round += 1
        self._start_round(self.shuffled(SEA_CARDS), (self.start_player + 1) % self.players)

    # ----- views (GEN-7, SN-11) -----------------------------------------------------------------

    def _game_view(self, seat: int | None) -> dict:
        return {
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "center_top": self.centre[-1],
            "center_size": len(self.centre),
            "piles": [list(p) for p in self.piles],
            "draw_pile_size": len(self.stock),
            "phase": self.phase,
            "start_player": self.start_player,
            "turn": self.turns + 1,
            "round_scores": [list(s) for s in self.round_scores],
        }

    # ----- determinization (for search bots; GEN-7) ---------------------------------------------

    def determinize(self, seat: int, rng: random.Random) -> "Snorkeling":
        """A fork (:meth:`Game.fork`) in which every card hidden from ``seat`` is dealt again at random.

        For search bots (information-set Monte Carlo tree search). Hidden from ``seat`` (SN-11) are
        the other players' hands and the draw pile's order. They are re-dealt at random from the
        cards ``seat`` has not seen elsewhere: the 75 sea cards minus ``seat``'s own hand, every
        personal pile, the centre pile (each of its cards was played face up since the last
        reshuffle) and the cards another player is known to hold (taken back this round, SN-6, and
        not played since; those stay in that hand). Hand sizes, the draw pile's size and every
        public card are kept. Nothing hidden is read but ``seat``'s own hand: the rest comes from
        the public state and ``history``.

        The copy's RNG is re-seeded from ``rng`` (so later reshuffles, SN-10, and later rounds are
        unknown as well) and its ``actions`` list is emptied: it is a sampled world
        for search, not a game to save. ``rng`` alone decides the sample (same state and ``rng`` state, same copy).
        """
        known, pool = self._hidden_pool(seat)
        pool = random_order(pool, rng)
        new = self.sample_copy(rng)
        at = 0
        for other in range(self.players):
            if other != seat:
                take = len(self.hands[other]) - len(known[other])
                new.hands[other] = sorted(known[other] + pool[at:at + take])
                at += take
        new.stock = pool[at:]
        if len(new.stock) != len(self.stock):  # only a bug in the bookkeeping above gets here
            raise RuntimeError(f"snorkeling determinize: {len(pool)} unseen cards, expected "
                               f"{len(self.stock) + at}")
        return new

    def _hidden_pool(self, seat: int) -> tuple[list[list[str]], list[str]]:
        """``(known, pool)``: :meth:`_known_hidden` and the sorted cards ``seat`` has not seen
        anywhere (see :meth:`determinize`). Cached for the latest history; callers must not
        change it."""
        history = self.history
        cached = _POOL_CACHE.get("last")
        if (cached is not None and cached[0] is history and cached[1] == len(history)
                and cached[2] == seat):
            return cached[3]
        known = self._known_hidden(seat)
        unseen = Counter(SEA_CARDS)
        unseen.subtract(self.hands[seat])
        for pile in self.piles:
            unseen.subtract(pile[1:])  # pile[0] is the Lanternfish
        unseen.subtract(self.centre)
        for cards in known:
            unseen.subtract(cards)
        result = (known, sorted(unseen.elements()))
        _POOL_CACHE["last"] = (history, len(history), seat, result)
        return result

    def _known_hidden(self, seat: int) -> list[list[str]]:
        """Per seat, the cards ``seat`` knows to be in that hand: taken back this round and not
        played since (copies are interchangeable, so playing one such card uses the knowledge up).
        ``seat``'s own entry is empty. Cached for the latest history; callers must not change it."""
        history = self.history
        cached = _KNOWN_CACHE.get("last")
        if (cached is not None and cached[0] is history and cached[1] == len(history)
                and cached[2] == seat):
            return cached[3]
        known: list[list[str]] = [[] for _ in range(self.players)]
        start = len(history) - 1
        while start >= 0 and history[start]["type"] != "round_start":
            start -= 1
        for entry in history[start + 1:]:
            kind = entry["type"]
            if kind == "takeback":
                known[entry["seat"]].append(entry["card"])
            elif kind == "center" or kind == "place":
                cards = known[entry["seat"]]
                if entry["card"] in cards:
                    cards.remove(entry["card"])
        known[seat] = []
        _KNOWN_CACHE["last"] = (history, len(history), seat, known)
        return known


_POOL_CACHE: dict = {}  # the latest _hidden_pool result, keyed like _KNOWN_CACHE
_KNOWN_CACHE: dict = {}  # the latest _known_hidden result, keyed by history object and length
