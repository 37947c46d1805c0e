"""Enemy Anemone (2-6 players), rules EA-1 ... EA-13 of RULES.md.

Cards are strings: suit letter + rank (``"J7"``, ``"O10"``); suits in the order they are taken
into play are ``O J S R C T``. Anemone cards are not strings: a player's Anemones are the list of
their shown sides (``[1, 2]``), the supply is a count. Actions follow EA-13: ``play J7``,
``play J7 +1 +2`` (attach one +1 and one +2 Anemone), ``discard J7``.
"""

from __future__ import annotations

import random

from ..engine import Game, deal, random_order
from .go_fish import _allocate  # the constrained random deal both games' determinize use

SUITS = "OJSRCT"
SUIT_NAMES = {"O": "octopus", "J": "jellyfish", "S": "squid", "R": "stingray", "C": "crab",
              "T": "turtle"}
ALL_CARDS = frozenset(f"{s}{r}" for s in SUITS for r in range(1, 11))  # the notation's cards
RANK = {card: int(card[1:]) for card in ALL_CARDS}
BONUS = {card: 1 if RANK[card] in (3, 5, 8) else 0 for card in ALL_CARDS}  # EA-6
SUPPLY_SIZE = 9
HANDS_PER_GAME = 4  # EA-9

_ATTACH: dict[tuple[int, int], list[str]] = {}
_PARSED: dict[str, tuple[str, str, tuple]] = {}  # legal action -> (verb, card, attached sides)


def attach_suffixes(ones: int, twos: int) -> list[str]:
    """Every distinct way to attach Anemones from ``ones`` +1 and ``twos`` +2 cards, as action
    suffixes (``""``, ``" +1"``, ``" +1 +2"``, ...), sorted; each multiset once (EA-4, EA-13)."""
    key = (ones, twos)
    found = _ATTACH.get(key)
    if found is None:
        found = _ATTACH[key] = sorted(" +1" * a + " +2" * b for a in range(ones + 1)
                                      for b in range(twos + 1))
    return found


class EnemyAnemone(Game):
    """Enemy Anemone. Options: ``first_player`` (GEN-4) only.

    State: ``hands`` (sorted as strings), ``stock`` (2 players, top at the end), ``piles`` (score
    piles incl. face-down discards), ``anemones`` (per seat the shown sides, sorted), ``supply``
    (count), ``trick`` (tuples ``(seat, card, attached sides, value)`` in play order),
    ``trick_suits`` (suit letters played this trick), ``trick_discards`` (seats that discarded this
    trick), ``slot`` (actions taken this trick), ``leader`` (of the trick), ``hand_leader``,
    ``hand_scores`` (one list per finished hand).

    Rulings beyond RULES.md, each marked; RULES.md's own rulings are cited by rule id:

    - EA-4 (ruling, not in RULES.md): attached Anemones leave the player's holding when the card
      is played, so in a 2-player trick they cannot be attached again to the player's second
      card. After the trick they all return to the supply *before* the lowest card's player gains
      one (EA-5), so that gain may take a card that was just returned.
    - EA-7 (ruling, not in RULES.md): "the player holding the most Anemone cards" is looked for
      among the *other* players only; nobody gives to themself. (RULES.md already rules the tie
      order, the lowest-side card and "nothing if nobody else holds one".)
    - EA-7 (ruling, not in RULES.md): a card given for a +1 gain keeps its side, so it may arrive
      as a +2. The receiver of a +1 never holds a +1 at that point (they would have flipped it),
      so nobody ever holds two +1 sides.
    - EA-8, 6 players (ruling, not in RULES.md): "takes a card showing +2" is never a flip, even
      for a player holding a +1: the player takes a card from the supply and lays it +2 side up.
      If the supply is empty, the giver chosen as in EA-7 gives their lowest-side card and it is
      turned to +2; if nobody else holds one, nothing is gained.
    - EA-8 (ruling, not in RULES.md): with several gains, the lowest place is served before the
      second place, and players tied for a place gain one after another clockwise from the
      hand's leader (inclusive). The order matters only when the supply runs out meanwhile.
    - EA-8 (ruling, not in RULES.md): the bonus is given after every hand, the fourth included,
      so the fourth hand's bonus counts for EA-10's Anemone tie-break.
    - EA-6 (ruling, not in RULES.md): face-down discards score like any other card in the score
      pile, including the extra point for a printed 3, 5 or 8.
    - EA-11 (ruling, not in RULES.md): "while the stock lasts" means the trick winner draws up to
      2, then the other player up to 2, each stopping when the stock is empty. The 16 stock cards
      and 4 cards per trick divide evenly, so both players draw exactly 2 after each of the first
      four tricks and nothing afterwards; an odd remainder cannot arise. A 2-player hand is 8
      tricks of four slots and ends when both hands and the stock are empty.
    - EA-13 (ruling, not in RULES.md): a card name of the 60-card game (``O1`` ... ``T10``) is well
      formed even when it is not in this player count's deck (it is then illegal: not in hand);
      Anemone tokens are ``+1``/``+2`` in ascending order; ``discard`` takes no Anemone tokens
      (EA-4's ruling). Anything else raises ``MalformedAction``.
    - EA-12 (ruling, not in RULES.md): a view lists Anemones attached to a card of the current
      trick with that card, not among the holder's ``anemones``; a seat's own score pile, its
      discards included, is shown to that seat only; the discarding seat is public, the card not.
    """

    name = "enemy_anemone"
    reveals_to_others = frozenset({"hand_start", "play", "discard"})
    reveals_to_actor = frozenset({"draw"})
    min_players = 2
    max_players = 6
    option_spec: dict = {}

    def full_deck(self) -> list[str]:
        n = self.players
        if n == 2:  # EA-11
            return [f"{s}{r}" for s in SUITS[:4] for r in range(2, 10)]
        if n == 6:  # EA-2
            return [f"{s}{r}" for s in SUITS for r in range(2, 10)]
        return [f"{s}{r}" for s in SUITS[:n] for r in range(1, 11)]  # EA-1

    def max_actions(self) -> int:
        """Four hands of one action per card of the deck (GEN-6, EA-9): every action plays or
        discards a card from hand, and each card is dealt or drawn once per hand."""
        return HANDS_PER_GAME * len(self.full_deck())

    @staticmethod
    def card_fields(card: str) -> dict[str, str]:
        return {"suit": card[0], "rank": card[1:]}

    @staticmethod
    def action_fields(action: str) -> dict:
        verb, card, *sides = action.split(" ")
        fields: dict = {"verb": verb, "card": card}
        if verb == "play":
            values = [int(s) for s in sides]
            fields.update(anemones=values, count=len(values), boost=sum(values))
        return fields

    # ----- setup (EA-1, EA-2, EA-11) ------------------------------------------------------------

    def _setup(self, stock: list[str], first_player: int) -> None:
        self.anemones: list[list[int]] = [[] for _ in range(self.players)]
        self.supply = SUPPLY_SIZE
        self.slots = 4 if self.players == 2 else self.players
        self.hand_scores: list[list[int]] = []
        self.last_trick: list[tuple] = []
        self.last_result: tuple | None = None
        self._start_hand(stock, first_player)

    def _start_hand(self, stock: list[str], leader: int) -> None:
        self.hands = deal(stock, self.players, 10 if 3 <= self.players <= 5 else 8)
        self.stock = stock
        self.piles: list[list[str]] = [[] for _ in range(self.players)]
        self.hand_leader = leader
        self.trick_number = 1
        self._start_trick(leader)
        self.log("hand_start", round=self.round, leader=leader, stock=len(stock))

    def _start_trick(self, leader: int) -> None:
        self.trick: list[tuple] = []
        self.trick_suits = ""
        self.trick_discards: list[int] = []
        self.slot = 0
        self.leader = self.current_player = leader

    # ----- legal actions (EA-3, EA-4, EA-11, EA-13) ---------------------------------------------

    def playable(self) -> list[str]:
        """The cards of the current player's hand that may be played now (EA-3: none of a suit
        already in this trick), sorted; ``[]`` when the player must discard instead. The
        caller must not change the list (it may be the hand itself)."""
        used = self.trick_suits
        hand = self.hands[self.current_player]
        return [c for c in hand if c[0] not in used] if used else hand

    def _legal_actions(self) -> list[str]:
        me = self.current_player
        hand = self.hands[me]
        playable = self.playable()
        if not playable:
            return ["discard " + c for c in hand]
        held = self.anemones[me]
        if not held:
            return ["play " + c for c in playable]
        ones = held.count(1)
        suffixes = attach_suffixes(ones, len(held) - ones)
        # Hands are sorted and every suffix starts with a space, which sorts before any digit:
        # the list comes out sorted without a sort.
        return ["play " + c + s for c in playable for s in suffixes]

    def _malformed(self, action: str) -> str | None:
        parts = action.split(" ")
        if parts[0] not in ("play", "discard"):
            return "expected play CARD, play CARD +1 +2 ... or discard CARD"
        if len(parts) < 2 or parts[1] not in ALL_CARDS:
            return "expected a card such as J7 or O10 after " + parts[0]
        if parts[0] == "discard":
            return None if len(parts) == 2 else "a discard takes no Anemones (EA-4)"
        tokens = parts[2:]
        if any(t not in ("+1", "+2") for t in tokens):
            return "Anemones are written +1 or +2"
        if tokens != sorted(tokens):
            return "list Anemones in ascending order (EA-13)"
        return None

    def _explain(self, action: str) -> tuple[str, dict]:
        me = self.current_player
        parts = action.split(" ")
        card = parts[1]
        hand = self.hands[me]
        if card not in hand:
            return "illegal.not_in_hand", {"card": card, "seat": me}
        playable = [c for c in hand if c[0] not in self.trick_suits]
        if parts[0] == "discard":
            return "enemy_anemone.illegal.must_play", {"seat": me, "cards": playable}
        if card[0] in self.trick_suits:
            return "enemy_anemone.illegal.suit_played", {"suit": card[0],
                                                         "suit_name": SUIT_NAMES[card[0]]}
        held = self.anemones[me]
        for side in (1, 2):
            want, have = parts.count(f"+{side}"), held.count(side)
            if want > have:
                return "enemy_anemone.illegal.anemones", {"seat": me, "count": have, "side": side,
                                                          "want": want}
        return "illegal.not_now", {}

    # ----- applying actions ---------------------------------------------------------------------

    def _apply(self, action: str) -> None:
        me = self.current_player
        parsed = _PARSED.get(action)
        if parsed is None:  # (verb, card, attached sides), remembered once parsed
            verb, card, *rest = action.split(" ")
            parsed = _PARSED[action] = (verb, card, tuple(int(p) for p in rest))
        verb, card, sides = parsed
        self.hands[me].remove(card)
        if verb == "discard":  # EA-3: face down into the own score pile, not part of the trick
            self.piles[me].append(card)
            self.trick_discards.append(me)
            self.log("discard", seat=me)
        else:
            boost = 0
            if sides:
                held = self.anemones[me]
                for side in sides:
                    held.remove(side)
                boost = sum(sides)
            value = RANK[card] + boost
            self.trick.append((me, card, sides, value))
            self.trick_suits += card[0]
            self.log("play", seat=me, card=card, anemones=list(sides), count=len(sides),
                     boost=boost, value=value)
        self.slot += 1
        if self.slot == self.slots:
            self._end_trick()
        else:
            self.current_player = (self.leader + self.slot) % self.players

    # ----- trick end (EA-4, EA-5, EA-11) --------------------------------------------------------

    def _end_trick(self) -> None:
        trick = self.trick
        high = low = trick[0]
        for entry in trick:  # ties: the later card wins / counts as lowest (EA-5)
            if entry[3] >= high[3]:
                high = entry
            if entry[3] <= low[3]:
                low = entry
        values = [e[3] for e in trick]
        high_tie = values.count(high[3]) > 1
        low_tie = values.count(low[3]) > 1
        lone = len(trick) == 1
        if lone:
            reason = "lone"
        elif high_tie and low_tie:
            reason = "tie_both"
        else:
            reason = "tie_high" if high_tie else "tie_low" if low_tie else "clear"
        winner, lowest = high[0], low[0]
        cards = [e[1] for e in trick]
        self.piles[winner].extend(cards)
        self.log("trick_end", trick=self.trick_number, winner=winner, lowest=lowest, high=high[3],
                 low=low[3], cards=cards, count=len(cards), tie=high_tie or low_tie,
                 high_tie=high_tie, low_tie=low_tie, lone=lone, reason=reason)
        returned = sum(len(e[2]) for e in trick)
        if returned:  # EA-4 (ruling: before the gain below)
            self.supply += returned
            self.log("anemones_return", count=returned, supply=self.supply)
        self._gain(lowest, 1, "lowest_card")
        self.last_trick = trick
        self.last_result = (winner, lowest, tuple(self.trick_discards))
        if self.stock:  # EA-11: winner draws first
            for seat in (winner, 1 - winner):
                drawn = self.stock[-2:]
                if drawn:
                    del self.stock[-2:]
                    hand = self.hands[seat]
                    hand.extend(drawn)
                    hand.sort()
                    self.log("draw", seat=seat, count=len(drawn), stock=len(self.stock))
        self._start_trick(winner)  # ruling EA-5: the winner leads
        if any(self.hands):
            self.trick_number += 1
        else:
            self._end_hand()

    # ----- Anemones (EA-7) ----------------------------------------------------------------------

    def _gain(self, seat: int, side: int, reason: str) -> None:
        """``seat`` gains a +1 (EA-7) or, with ``side`` 2, takes a card showing +2 (EA-8)."""
        held = self.anemones[seat]
        if side == 1 and 1 in held:
            held.remove(1)
            held.append(2)
            held.sort()
            self.log("anemone_flip", receiver=seat, reason=reason)
            return
        if self.supply:
            self.supply -= 1
            held.append(side)
            held.sort()
            self.log("anemone_supply", receiver=seat, side=side, supply=self.supply, reason=reason)
            return
        giver = self._giver(seat)
        if giver is None:
            self.log("anemone_none", receiver=seat, side=side, reason=reason)
            return
        given = self.anemones[giver].pop(0)  # sorted: the lowest side
        shown = max(given, side)  # a +1 gain keeps the side; a +2 card is turned to +2
        held.append(shown)
        held.sort()
        self.log("anemone_given", giver=giver, receiver=seat, side=shown, given_side=given,
                 reason=reason)

    def _giver(self, receiver: int) -> int | None:
        """The other player with the most Anemone cards; ties: higher shown total, then the first
        clockwise from ``receiver`` (EA-7 ruling). ``None`` when nobody else holds any."""
        best, best_key = None, (0, 0)
        n = self.players
        for step in range(1, n):
            seat = (receiver + step) % n
            held = self.anemones[seat]
            if held:
                key = (len(held), sum(held))
                if key > best_key:
                    best, best_key = seat, key
        return best

    # ----- hand and game end (EA-6, EA-8, EA-9, EA-10) ------------------------------------------

    def _clockwise(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def _end_hand(self) -> None:
        bonuses = [sum(BONUS[c] for c in pile) for pile in self.piles]
        scores = [len(pile) + b for pile, b in zip(self.piles, bonuses)]
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.hand_scores.append(scores)
        self.log("hand_end", round=self.round, scores=list(scores), bonuses=bonuses,
                 pile_sizes=[len(p) for p in self.piles], totals=list(self.totals))
        order = self._clockwise(self.hand_leader)
        low = min(scores)
        lowest = [s for s in order if scores[s] == low]
        six = self.players == 6
        gains = [(s, 2 if six else 1, "lowest", low) for s in lowest]
        if six and len(lowest) == 1:
            rest = [scores[s] for s in order if s not in lowest]
            second = min(rest)
            gains += [(s, 1, "second_lowest", second) for s in order
                      if scores[s] == second and s not in lowest]
        for seat, side, place, score in gains:
            self.log("hand_bonus", seat=seat, side=side, reason=place, score=score)
            self._gain(seat, side, "hand_bonus")
        if self.round == HANDS_PER_GAME:
            self._end_game()
            return
        best = max(self.totals)
        leader = next(s for s in order if self.totals[s] == best)  # EA-9 ruling
        self.round += 1
        self._start_hand(self.shuffled(self.full_deck()), leader)

    def _end_game(self) -> None:
        winners = self.leaders()
        if len(winners) > 1:  # EA-10
            counts = [len(self.anemones[s]) for s in winners]
            most = max(counts)
            self.log("tie_break", seats=winners, total=self.totals[winners[0]],
                     anemone_counts=counts)
            winners = [s for s, c in zip(winners, counts) if c == most]
        self.finish(winners)

    # ----- views (GEN-7, EA-12) -----------------------------------------------------------------

    @staticmethod
    def _entries(trick: list[tuple]) -> list[dict]:
        return [{"seat": s, "card": c, "value": v, "anemones": list(a)} for s, c, a, v in trick]

    def _game_view(self, seat: int | None) -> dict:
        own = seat is not None
        pile = sorted(self.piles[seat]) if own else []
        bonus = sum(BONUS[c] for c in pile)
        last = None
        if self.last_result is not None:
            winner, lowest, discards = self.last_result
            last = {"trick": self._entries(self.last_trick), "winner": winner, "lowest": lowest,
                    "discards": list(discards)}
        return {
            "hand": list(self.hands[seat]) if own else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": self._entries(self.trick),
            "trick_discards": list(self.trick_discards),
            "trick_number": self.trick_number,
            "last_trick": last,
            "leader": self.leader,
            "hand_leader": self.hand_leader,
            "anemones": [list(a) for a in self.anemones],
            "supply": self.supply,
            "score_pile_sizes": [len(p) for p in self.piles],
            "stock_size": len(self.stock),
            "hand_scores": [list(h) for h in self.hand_scores],
            "score_pile": pile,
            "score_pile_bonus": bonus,
            "score_pile_points": len(pile) + bonus,
        }

    # ----- determinization (for search bots; GEN-7, EA-12) --------------------------------------

    def determinize(self, seat: int, rng: random.Random) -> "EnemyAnemone":
        """A fork (:meth:`Game.fork`) in which every card hidden from ``seat`` is dealt again at random.

        For search bots (information-set Monte Carlo tree search). Hidden from ``seat`` (EA-12) are
        the other hands, the stock (2 players) and the identity of the other players' discards.
        They are re-dealt at random from the cards of this hand's deck that ``seat`` has not seen
        elsewhere (its own hand and score pile, every card played to a trick), keeping hand sizes,
        score-pile sizes and the stock size, and consistently with the public history of this hand
        (read by :meth:`_void_knowledge`): a player who discarded (EA-3, EA-11) held no card of the
        suits not yet played in that trick, so

        - their discard is of a suit played in that trick before it (and not of a suit they were
          already known to lack);
        - they hold no card of those suits as long as they have not drawn since; in 2-player play
          (EA-11) a later draw of ``k`` cards lets them hold at most ``k`` (minus those of them
          they have played since).

        The only hidden state read is ``seat``'s own hand and score pile. The copy's RNG is
        re-seeded from ``rng`` (later hands are unknown too) and its ``actions`` list is
        emptied: it is a sampled world for search, not a game to save. ``rng`` alone decides the sample.
        """
        pool, others, won, constrained = self._deal_plan(seat)
        if constrained:
            suits, voids, limits, discards, _ = self._void_knowledge(seat)
            hands, piles, stock = _deal_by_suit(pool, others, [len(h) for h in self.hands],
                                                len(self.stock), suits, voids, limits, discards,
                                                rng)
        else:  # nothing known about the other hands: a uniformly random deal of the pool
            order = random_order(pool, rng)
            hands, piles = {}, {}
            at = 0
            for p in others:
                size = len(self.hands[p])
                hands[p] = order[at:at + size]
                piles[p] = []
                at += size
            stock = order[at:]
        new = self.sample_copy(rng)
        for p in others:
            new.hands[p] = sorted(hands[p])
            new.piles[p] = won[p] + piles[p]
        new.stock = stock
        return new

    def _deal_plan(self, seat: int) -> tuple:
        """``(pool, others, won, constrained)`` for :meth:`determinize`: the cards ``seat`` has
        not seen (in deck order), the other seats, per seat the public cards of its score pile,
        and whether the history constrains the other hands (voids or discards, EA-3). Cached for
        the latest history; callers must not change it."""
        history = self.history
        cached = _PLAN_CACHE.get("last")
        if (cached is not None and cached[0] is history and cached[1] == len(history)
                and cached[2] == seat):
            return cached[3]
        suits, voids, limits, discards, won = self._void_knowledge(seat)
        located = set(self.hands[seat])  # every card of the deck is unique
        located.update(self.piles[seat])
        for p, cards in enumerate(won):
            if p != seat:
                located.update(cards)
        located.update(entry[1] for entry in self.trick)
        pool = [card for card in self.full_deck() if card not in located]
        others = [p for p in range(self.players) if p != seat]
        constrained = any(voids[p] or limits[p] or discards[p] for p in others)
        result = (pool, others, won, constrained)
        _PLAN_CACHE["last"] = (history, len(history), seat, result)
        return result

    def _void_knowledge(self, seat: int) -> tuple:
        """What this hand's public history tells ``seat`` (see :meth:`determinize`).

        Returns ``(suits, voids, limits, discards, won)``: the deck's suits; per seat the suits it
        holds none of; per seat ``[suits, k]`` pairs (hold at most ``k`` cards of those suits, after
        2-player draws); per seat one set of possible suits for each of its discards this hand; per
        seat the public cards in its score pile (tricks won). ``seat``'s own entries are not used.
        Cached for the latest history; callers must not change the result.
        """
        history = self.history
        cached = _VOIDS_CACHE.get("last")
        if (cached is not None and cached[0] is history and cached[1] == len(history)
                and cached[2] == seat):
            return cached[3]
        start = len(history) - 1
        while start >= 0 and history[start]["type"] != "hand_start":
            start -= 1
        n = self.players
        suits = frozenset(card[0] for card in self.full_deck())
        voids: list[set] = [set() for _ in range(n)]
        limits: list[list] = [[] for _ in range(n)]
        discards: list[list] = [[] for _ in range(n)]
        won: list[list] = [[] for _ in range(n)]
        played = ""  # suits played so far in the trick being read
        for entry in history[start + 1:]:
            kind = entry["type"]
            if kind == "play":
                suit = entry["card"][0]
                played += suit
                for limit in limits[entry["seat"]]:
                    if suit in limit[0]:
                        limit[1] -= 1
            elif kind == "discard":
                p = entry["seat"]
                voids[p].update(suits.difference(played))  # EA-3: none of the unplayed suits
                discards[p].append(suits - voids[p])
            elif kind == "trick_end":
                won[entry["winner"]].extend(entry["cards"])
                played = ""
            elif kind == "draw":  # EA-11: after a draw, a void holds for the old cards only
                p = entry["seat"]
                for limit in limits[p]:
                    limit[1] += entry["count"]
                if voids[p]:
                    limits[p].append([frozenset(voids[p]), entry["count"]])
                    voids[p] = set()
        result = (suits, voids, limits, discards, won)
        _VOIDS_CACHE["last"] = (history, len(history), seat, result)
        return result


_PLAN_CACHE: dict = {}  # the latest _deal_plan result, keyed like _VOIDS_CACHE
_VOIDS_CACHE: dict = {}  # the latest _void_knowledge result, keyed by history object and length


def _deal_by_suit(pool: list[str], others: list[int], sizes: list[int], stock_size: int,
                  suits: frozenset, voids: list, limits: list, discards: list,
                  rng: random.Random) -> tuple:
    """Deal ``pool`` at random to the other hands, the other players' discards and the stock for
    :meth:`EnemyAnemone.determinize`: ``(hands, discards, stock)``, hands and discards by seat.

    The suits of each place are allocated first (voids and discard suits are hard limits, see
    :func:`_allocate`); the 2-player "at most ``k`` of these suits" limits are met by drawing again
    (up to 30 times; they are then waived, which practically never happens), then the cards of
    each suit are shuffled into the places that take that suit.
    """
    order = sorted(suits)  # a fixed order: the sample must not depend on set order (GEN-1)
    supply = [sum(1 for card in pool if card[0] == suit) for suit in order]
    places, rooms, caps = [], [], []
    for p in others:
        places.append((p, False))
        rooms.append(sizes[p])
        caps.append([0 if suit in voids[p] else len(pool) for suit in order])
        for allowed in discards[p]:
            places.append((p, True))
            rooms.append(1)
            caps.append([1 if suit in allowed else 0 for suit in order])
    rooms.append(stock_size)
    caps.append([len(pool)] * len(order))
    counts = None
    for _ in range(30):
        counts = _allocate(supply, rooms, caps, rng)
        if counts is None:  # unreachable unless the bookkeeping is wrong: the true deal fits
            raise RuntimeError("enemy_anemone determinize: no deal fits the public history")
        if all(sum(counts[i][order.index(suit)] for suit in limit_suits) <= most
               for i, (p, discard) in enumerate(places) if not discard
               for limit_suits, most in limits[p]):
            break
    by_suit = {suit: [card for card in pool if card[0] == suit] for suit in order}
    for cards in by_suit.values():
        rng.shuffle(cards)
    hands: dict[int, list[str]] = {p: [] for p in others}
    piles: dict[int, list[str]] = {p: [] for p in others}
    for (p, discard), row in zip(places, counts):
        target = piles[p] if discard else hands[p]
        for suit, count in zip(order, row):
            cards = by_suit[suit]
            target += cards[len(cards) - count:]
            del cards[len(cards) - count:]
    stock = [card for suit in order for card in by_suit[suit]]
    rng.shuffle(stock)
    return hands, piles, stock
